/**
 * The reply editor's check before sending: `replyFormSchema`, the rule the server applies, with each problem
 * named in the agent's language.
 */
import type { TFunction } from 'i18next';
import { replyContentRule, replyFormSchema } from '@gp/contracts/desk';
import type { ReplyDraft } from './reply-draft.ts';

/** The reply's length limit as the contract states it. */
export const maxReplyLength = replyContentRule.maxLength ?? 1000;

export type ReplyCheck = { ok: true; value: ReplyDraft } | { ok: false; content?: string; status?: string };

export function checkReply(draft: ReplyDraft, t: TFunction): ReplyCheck {
  const parsed = replyFormSchema.safeParse(draft);
  if (parsed.success) return { ok: true, value: parsed.data };
  const out: { ok: false; content?: string; status?: string } = { ok: false };
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'reply_content' && out.content === undefined) {
      out.content =
        issue.code === 'too_small'
          ? t('desk:editor.contentRequired')
          : issue.code === 'too_big'
            ? t('desk:editor.contentTooLong', { max: maxReplyLength })
            : t('desk:editor.contentInvalid');
    } else if (issue.path[0] === 'reply_status' && out.status === undefined) {
      out.status = t('desk:editor.statusRequired');
    }
  }
  return out;
}
