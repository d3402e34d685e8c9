/**
 * The 10,000 most common passwords that fit the password rule, refused wherever a password is set. The list
 * and where it comes from (source, licence, filter) are in common-passwords.json; it is lower-case, so the
 * comparison ignores case: "Password1" is as guessable as "password1".
 */
import list from './common-passwords.json' with { type: 'json' };

const common: ReadonlySet<string> = new Set(list.passwords);

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
