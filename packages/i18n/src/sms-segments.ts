/**
 * How many parts an SMS takes, as the carriers count them: a text of GSM 03.38 characters is sent in GSM-7
 * (160 in one part, 153 a part once split; the extension table's characters take two), anything else in UCS-2
 * (70 in one part, 67 a part, counted in UTF-16 units). Every part is billed, so the templates are kept short.
 */

const gsmBasic =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const gsmExtension = '^{}\\[~]|€\f';

const basic = new Set(gsmBasic);
const extension = new Set(gsmExtension);

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets in GSM-7, UTF-16 code units in UCS-2. */
  units: number;
  segments: number;
}

export function smsSize(text: string): SmsSize {
  const chars = [...text];
  if (chars.every((c) => basic.has(c) || extension.has(c))) {
    const units = chars.reduce((n, c) => n + (extension.has(c) ? 2 : 1), 0);
    return { encoding: 'GSM-7', units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
  }
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}
