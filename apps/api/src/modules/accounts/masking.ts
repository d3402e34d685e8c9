/** How a member's address is shown back to them and in notices: enough to recognise it, not to read it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? `${local[0] ?? ''}*` : `${local[0]}***${local.at(-1)}`;
  return `${shown}@${domain}`;
}

export function maskPhone(phone: string): string {
  return phone.length <= 5
    ? '*'.repeat(phone.length)
    : `${phone.slice(0, 2)}${'*'.repeat(phone.length - 5)}${phone.slice(-3)}`;
}
