/**
 * The security e-mails of a staff account. When the second factors of their account change:
 * what changed, when (UTC), and to ask an administrator if it was not them. When wrong passwords soft-lock the
 * account's login (item 7), once per episode. Queued on the change's own transaction (the outbox),
 * so it goes out exactly when the change happened; an account without an e-mail address gets none (the audit log
 * still has the change).
 */
import type { LanguageCode } from '@gp/config';
import { messageText } from '@gp/i18n/server';
import type { Db } from '../../db/database.ts';
import { outbox } from '../messaging/index.ts';

export type FactorChange = 'totpAdded' | 'passkeyAdded' | 'passkeyRemoved' | 'recoveryCodes' | 'reset';

/** "2026-11-25 21:40", as the members' security notices name a time. */
const utcMinute = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

type StaffAccountMail = { accountId: string; email: string | null };

/** One staff security e-mail, queued on `db` (the change's transaction); none for an account without an address. */
async function enqueueNotice(
  db: Db,
  account: StaffAccountMail,
  notice: 'factorChanged' | 'loginFailures',
  at: Date,
  lang: LanguageCode,
  params: Record<string, string> = {},
): Promise<void> {
  if (!account.email) return;
  await outbox.enqueue(db, {
    channel: 'email',
    recipient: account.email,
    lang,
    subject: messageText(lang, `staffSecurity.${notice}.subject`),
    body: messageText(lang, `staffSecurity.${notice}.body`, {
      account: account.accountId,
      time: utcMinute(at),
      ...params,
    }),
  });
}

export function noticeFactorChange(
  tx: Db,
  account: StaffAccountMail,
  change: FactorChange,
  at: Date,
  /** The console's language of the request that made the change (staff accounts keep none of their own). */
  lang: LanguageCode,
): Promise<void> {
  return enqueueNotice(tx, account, 'factorChanged', at, lang, {
    change: messageText(lang, `staffSecurity.change.${change}`),
  });
}

/**
 * Wrong passwords soft-locked the account's login (lockout.service.ts): told once per episode, in the language of
 * the console that sent the failing login (the person trying; staff accounts keep no language of their own).
 */
export function noticeLoginFailures(
  db: Db,
  account: StaffAccountMail,
  at: Date,
  lang: LanguageCode,
): Promise<void> {
  return enqueueNotice(db, account, 'loginFailures', at, lang);
}
