/**
 * Nickname rules (spec 5: 3-16, no forbidden words or special symbols), each refusal with its spec code so the
 * screen can say exactly what is wrong: -606 missing, -607 too short, -608 too long, -611 symbols, -610
 * forbidden words, -612 names that pass for staff.
 */
import { codes } from '@gp/errors';
import { AppError } from '../../http/app-error.ts';

/** Words nobody may wear in a nickname, in the site's languages (lower-case, matched inside the name). */
const forbiddenWords = [
  'fuck',
  'shit',
  'bitch',
  'cunt',
  'nigger',
  'porn',
  'sex',
  'เหี้ย',
  'สัส',
  'ควย',
  'หี',
  'đụ',
  'địt',
  'lồn',
  'cặc',
  '操你',
  '傻逼',
  '妈的',
  '媽的',
  '色情',
];
/** Names that would let a player pass for the publisher's staff. */
const staffWords = [
  'admin',
  'administrator',
  'moderator',
  'official',
  'joypeak',
  'support',
  'gm',
  '客服',
  '官方',
  'แอดมิน',
];

export function checkNickname(raw: string | undefined): string {
  const nickName = (raw ?? '').trim();
  const refuse = (code: number): never => {
    throw new AppError(code, { domain: 'passport' });
  };
  if (!nickName) refuse(codes.passportNicknameRequired);
  const length = [...nickName].length;
  if (length < 3) refuse(codes.passportNicknameTooShort);
  if (length > 16) refuse(codes.passportNicknameTooLong);
  if (!/^[\p{L}\p{M}\p{N}_]+$/u.test(nickName)) refuse(codes.passportNicknameSymbols);
  const lower = nickName.toLowerCase();
  if (forbiddenWords.some((w) => lower.includes(w))) refuse(codes.passportNicknameForbidden);
  if (staffWords.some((w) => (w.length <= 2 ? lower === w || lower.startsWith(`${w}_`) : lower.includes(w))))
    refuse(codes.passportNicknameReserved);
  return nickName;
}

/**
 * A nickname that fits the rules and nobody has yet, from a seed such as an e-mail's local part or a provider's
 * display name: symbols dropped, a "Player" stem when too little is left, a number added while taken.
 */
export async function freshNickname(seed: string, taken: (nickName: string) => Promise<boolean>) {
  const base = seed.replace(/[^\p{L}\p{N}_]/gu, '').slice(0, 12);
  let stem = base.length >= 3 ? base : `Player${base}`.slice(0, 12);
  try {
    checkNickname(stem);
  } catch {
    stem = 'Player';
  }
  if (!(await taken(stem))) return stem;
  for (let i = 0; i < 20; i++) {
    const candidate = `${stem}${Math.floor(1000 + Math.random() * 9000)}`;
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error('no free nickname found');
}
