/**
 * The dev mailbox (DESIGN section 6): with the `outbox` transport nothing leaves the machine, so a person trying
 * the site locally reads their codes here. Never registered in production (app.ts).
 */
import type { FastifyInstance } from 'fastify';
import { codes } from '@gp/errors';
import { z } from 'zod';
import { OutboxRepository } from '../../modules/messaging/index.ts';

const query = z.object({
  to: z.string().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export async function mailboxRoutes(app: FastifyInstance) {
  const outbox = new OutboxRepository(app.db);

  app.get('/dev/mailbox.json', async (request, reply) => {
    const q = query.safeParse(request.query);
    if (!q.success)
      return reply.status(400).send({ code: codes.badRequest, message: 'bad query', data: null });
    const rows = await outbox.latest({ recipient: q.data.to?.toLowerCase(), limit: q.data.limit });
    reply.header('cache-control', 'no-store');
    return {
      code: 0,
      message: 'success',
      data: rows.map(({ id, channel, recipient, lang, subject, body, createdAt }) => ({
        id,
        channel,
        recipient,
        lang,
        subject,
        body,
        created_at: createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/mailbox', async (request, reply) => {
    const q = query.safeParse(request.query);
    const rows = await outbox.latest({
      recipient: q.success ? q.data.to?.toLowerCase() : undefined,
      limit: 100,
    });
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p class="meta">${m.channel.toUpperCase()} to ${escape(m.recipient)} · ${m.lang} · ${m.createdAt.toISOString()}</p><pre>${escape(m.body)}</pre></article>`,
      )
      .join('');
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox</title><style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1b1d29}article{border:1px solid #d5d9e4;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#545a6e;font-size:.875rem}pre{white-space:pre-wrap;font:inherit}</style></head><body><h1>Dev mailbox</h1><p>E-mails and SMS the local server would have sent, newest first. Filter with <code>?to=</code>.</p>${items || '<p>No messages yet.</p>'}</body></html>`;
  });
}
