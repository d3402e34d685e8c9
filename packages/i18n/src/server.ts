/**
 * Texts the API writes itself, in the caller's language: error messages for the envelope `message`, and the
 * e-mails and SMS it sends. Static imports: the server loads every language once at start.
 */
import { messageKey, messageNamespace, type ErrorDomain, type ErrorNamespace } from '@gp/errors';
import type { LanguageCode } from '@gp/config';
import type { OrderNote } from '@gp/contracts/cs';
import { dateTimeZone, formatDate } from './format.ts';
import en from '../locales/en/errors.json' with { type: 'json' };
import th from '../locales/th/errors.json' with { type: 'json' };
import cn from '../locales/cn/errors.json' with { type: 'json' };
import vi from '../locales/vi/errors.json' with { type: 'json' };
import zh from '../locales/zh/errors.json' with { type: 'json' };
import enStaff from '../locales/en/staff-errors.json' with { type: 'json' };
import thStaff from '../locales/th/staff-errors.json' with { type: 'json' };
import cnStaff from '../locales/cn/staff-errors.json' with { type: 'json' };
import viStaff from '../locales/vi/staff-errors.json' with { type: 'json' };
import zhStaff from '../locales/zh/staff-errors.json' with { type: 'json' };
import enMessages from '../locales/en/messages.json' with { type: 'json' };
import thMessages from '../locales/th/messages.json' with { type: 'json' };
import cnMessages from '../locales/cn/messages.json' with { type: 'json' };
import viMessages from '../locales/vi/messages.json' with { type: 'json' };
import zhMessages from '../locales/zh/messages.json' with { type: 'json' };
import enCommon from '../locales/en/common.json' with { type: 'json' };
import thCommon from '../locales/th/common.json' with { type: 'json' };
import cnCommon from '../locales/cn/common.json' with { type: 'json' };
import viCommon from '../locales/vi/common.json' with { type: 'json' };
import zhCommon from '../locales/zh/common.json' with { type: 'json' };

// Both error namespaces: the staff calls' envelopes carry the staff domain's texts (staff-errors).
const messages: Record<ErrorNamespace, Partial<Record<LanguageCode, unknown>>> = {
  errors: { en, th, cn, vi, zh },
  'staff-errors': { en: enStaff, th: thStaff, cn: cnStaff, vi: viStaff, zh: zhStaff },
};
const outgoing: Partial<Record<LanguageCode, unknown>> = {
  en: enMessages,
  th: thMessages,
  cn: cnMessages,
  vi: viMessages,
  zh: zhMessages,
};

// The common namespace only for the order notes, which the player's thread, the console and the e-mail word alike.
const common: Partial<Record<LanguageCode, unknown>> = {
  en: enCommon,
  th: thCommon,
  cn: cnCommon,
  vi: viCommon,
  zh: zhCommon,
};

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function serverMessage(lang: LanguageCode, domain: ErrorDomain, code: number): string {
  const key = messageKey(domain, code);
  const texts = messages[messageNamespace(key)];
  return lookup(texts[lang], key) ?? lookup(texts.en, key) ?? key;
}

export type MessageKey =
  | 'code.subject'
  | 'code.body'
  | 'code.sms'
  | 'reset.subject'
  | 'reset.body'
  | `ticketAnswer.${'subject' | 'body'}`
  | `deskExport.${'sheet' | `column.${DeskExportColumn}` | `status.${'noReply' | 'processing' | 'replied' | 'closed'}`}`
  | `demoId.${'title' | 'intro' | 'name' | 'continue' | 'cancel' | 'nameNeeded' | 'expired'}`
  | `sandbox.${SandboxKey}`
  | `accountSecurity.${'emailChanged' | 'phoneChanged' | 'loginFailures'}.${'subject' | 'body' | 'sms'}`
  | `accountSecurity.newDevice.${'subject' | 'body'}`
  | `signupAttempt.${'subject' | 'body' | 'sms'}`
  | `bindAttempt.${'subject' | 'body' | 'sms'}`
  | `privacy.${'deletionRequested' | 'deletionCancelled'}.${'subject' | 'body' | 'sms'}`
  | `staffSecurity.${'factorChanged' | 'loginFailures'}.${'subject' | 'body'}`
  | `staffSecurity.change.${'totpAdded' | 'passkeyAdded' | 'passkeyRemoved' | 'recoveryCodes' | 'reset'}`;

/** Column titles of the staff desk's ticket export (apps/api modules/desk). */
export type DeskExportColumn =
  | 'id'
  | 'status'
  | 'game'
  | 'type'
  | 'title'
  | 'uid'
  | 'nickname'
  | 'character'
  | 'created'
  | 'lastAsked'
  | 'replied'
  | 'operator'
  | 'grade';

/** The sandbox payment provider's checkout page (apps/api modules/pay), never in production. */
type SandboxKey =
  | 'title'
  | 'intro'
  | 'merchant'
  | 'orderNo'
  | 'payOrderNo'
  | 'product'
  | 'amount'
  | 'actions'
  | 'payNow'
  | 'decline'
  | 'payLate'
  | 'payLateHint'
  | 'paid'
  | 'paidLate'
  | 'declined'
  | 'close'
  | 'expired'
  | 'notFound'
  | 'finished';

/** An outgoing e-mail or SMS text in `lang` (en where missing), with `{{name}}` placeholders filled. */
export function messageText(
  lang: LanguageCode,
  key: MessageKey,
  vars: Record<string, string | number> = {},
): string {
  const template = lookup(outgoing[lang], key) ?? lookup(enMessages, key) ?? key;
  return fill(template, vars);
}

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(vars[name] ?? ''));
}

/**
 * What customer service's action on a ticket's order found, as its e-mail words it: the text the player's thread
 * shows (common `orderHelp.note`), the time in `timeZone` with the zone named, since a mail has no page zone.
 */
export function orderNoteMessage(lang: LanguageCode, note: OrderNote, timeZone: string): string {
  const key = `orderHelp.note.${note.code}`;
  const template = lookup(common[lang], key) ?? lookup(enCommon, key) ?? key;
  const time = note.at ? formatDate(note.at, lang, { style: dateTimeZone, timeZone }) : '';
  return fill(template, { time });
}
