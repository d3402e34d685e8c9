/**
 * What the production-shaped journey does where a person would: read a captcha picture, read an e-mail, ask the
 * studio's game server what it holds. Nothing here reaches into the API: the captcha is answered in the database
 * the operator's stack runs on (standing in for the eyes that read the picture; the API checks it as ever), mail is
 * read from the SMTP server it was sent to, and the game server is asked over its own signed protocol.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { askGameServerDelivery } from '@gp/deploy/test/neighbours';
import { pgBin } from '@gp/deploy/test/postgres';
import { run } from '@gp/deploy/test/processes';
import type { WireDelivery } from '../../apps/api/src/modules/pay/testing.ts';
import { productionStack } from './production-stack.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Runs one SQL statement on the stack's database; answers psql's unaligned, tuples-only output. */
export function sql(statement: string): string {
  return run(join(pgBin(), 'psql'), [
    productionStack().databaseUrl,
    '-X',
    '-q',
    '-v',
    'ON_ERROR_STOP=1',
    '-At',
    '-c',
    statement,
  ]);
}

/**
 * Follows the captchas a page loads (their tokens come in the API's answers) and answers the newest one: its
 * answer becomes `answer` in the database, which the test then types. One captcha, one row: a miss fails loudly.
 */
export function captchaReader(page: Page) {
  let newest: string | undefined;
  page.on('response', (response) => {
    if (!/captcha/.test(response.url())) return;
    void response
      .json()
      .then((body: { data?: { img_token?: unknown; token?: unknown; captcha_token?: unknown } }) => {
        // Each form's captcha call names its token differently (passport, staff, pay).
        const token = body.data?.img_token ?? body.data?.token ?? body.data?.captcha_token;
        if (typeof token === 'string') newest = token;
      })
      .catch(() => undefined);
  });
  return {
    async read(answer = 'prod'): Promise<string> {
      await expect.poll(() => newest, { message: 'the page loaded no captcha' }).toBeDefined();
      const updated = sql(
        `update captcha_challenge set answer_hash = '${sha256(answer)}' where token_hash = '${sha256(newest!)}' returning 1`,
      );
      expect(updated.trim(), 'the captcha the page shows is in the database').toBe('1');
      return answer;
    },
  };
}

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The newest mail to `to` whose text matches `pattern` (its first match), waiting for it to arrive. */
export async function readMail(to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const mails = (await (
          await fetch(`${productionStack().mailbox}/messages?to=${encodeURIComponent(to)}`)
        ).json()) as Mail[];
        found =
          mails
            .map((m) => pattern.exec(m.text)?.[0])
            .filter(Boolean)
            .at(-1) ?? '';
        return found;
      },
      { message: `no mail to ${to} matching ${pattern}`, timeout: 30_000 },
    )
    .not.toBe('');
  return found;
}

/**
 * What the studio's game server holds for an order (its delivery record), asked as the API asks: a signed GET
 * of the game-server protocol, its signed answer checked. Undefined when it holds nothing for it.
 */
export async function gameServerDelivery(game: number, orderNo: string): Promise<WireDelivery | undefined> {
  const answer = await askGameServerDelivery(
    productionStack().gameServer,
    productionStack().certificate,
    game,
    orderNo,
  );
  expect(answer.signed, `the game server's answer is signed (${answer.status} ${answer.body})`).toBe(true);
  if (answer.status === 404) return undefined;
  expect(answer.status, answer.body).toBe(200);
  return answer.delivery;
}
