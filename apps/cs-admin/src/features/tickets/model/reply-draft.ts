/**
 * An unsent reply is kept in sessionStorage per ticket (this tab only, gone when it closes) until it is sent, so
 * a reload, a failed call or a look at another ticket loses nothing.
 */
import { z } from 'zod';

export interface ReplyDraft {
  reply_status: 1 | 2;
  reply_content: string;
}

const draftSchema = z.object({
  reply_status: z.literal([1, 2]),
  reply_content: z.string().max(20_000),
});

const keyOf = (ticketId: number | string) => `gp.desk.draft:${ticketId}`;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): drafts just are not kept.
    return undefined;
  }
}

export function loadDraft(ticketId: number | string): ReplyDraft | null {
  const raw = storage()?.getItem(keyOf(ticketId));
  if (!raw) return null;
  try {
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Keeps the draft; an empty one is removed instead. */
export function saveDraft(ticketId: number | string, draft: ReplyDraft): void {
  const store = storage();
  if (!store) return;
  try {
    if (draft.reply_content === '') store.removeItem(keyOf(ticketId));
    else store.setItem(keyOf(ticketId), JSON.stringify(draft));
  } catch {
    // Quota exceeded: the draft stays on screen, only the copy for a reload is missing.
  }
}

export function clearDraft(ticketId: number | string): void {
  try {
    storage()?.removeItem(keyOf(ticketId));
  } catch {
    // Nothing to clear when storage is refused.
  }
}
