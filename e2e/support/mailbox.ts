/** The dev mailbox of the API (outbox transport): how tests read codes and links, never through a backdoor. */
import { expect, type APIRequestContext } from '@playwright/test';
import { API } from './hosts.ts';

interface Message {
  subject: string;
  body: string;
}

/** The newest message to `to` that matches `pattern`, waiting briefly for it to arrive. */
export async function readMail(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(`${API}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
        const messages = ((await res.json()) as { data: Message[] }).data;
        found = messages.map((m) => m.body.match(pattern)?.[0]).find(Boolean) ?? '';
        return found;
      },
      { message: `no message to ${to} matching ${pattern}`, timeout: 10_000 },
    )
    .not.toBe('');
  return found;
}
