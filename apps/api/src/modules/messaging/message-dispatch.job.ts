/**
 * Picks each channel's transport from the environment and builds the dispatcher, one of the background jobs
 * (src/composition/background-jobs.ts): started when the app is ready (migrations done, see server.ts), stopped (batch in
 * flight finished, connections closed) when it closes. With `outbox` for both channels (the local default)
 * nothing is polled at all.
 */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../../config/env.ts';
import { HttpSmsTransport } from './http-sms.transport.ts';
import { MessageDispatcher } from './message-dispatcher.ts';
import type { MessageChannel, MessageTransport } from './message-transport.ts';
import { OutboxTransport } from './outbox.transport.ts';
import { SmtpTransport } from './smtp.transport.ts';

/** env.ts has already refused a transport without its settings; the checks here only narrow the types. */
export function transportsOf(env: Env): Record<MessageChannel, MessageTransport> {
  const missing = (name: string): never => {
    throw new Error(`${name} is required by the chosen transport`);
  };
  return {
    email:
      env.MAIL_TRANSPORT === 'smtp'
        ? new SmtpTransport({
            url: env.SMTP_URL ?? missing('SMTP_URL'),
            from: env.MAIL_FROM ?? missing('MAIL_FROM'),
            requireTls: env.NODE_ENV === 'production',
          })
        : new OutboxTransport(),
    sms:
      env.SMS_TRANSPORT === 'http'
        ? new HttpSmsTransport({
            url: env.SMS_GATEWAY_URL ?? missing('SMS_GATEWAY_URL'),
            token: env.SMS_GATEWAY_TOKEN,
          })
        : new OutboxTransport(),
  };
}

/** The outbox dispatcher of an app, as a background job. */
export function messageDispatchJob(app: FastifyInstance) {
  const dispatcher = new MessageDispatcher({
    db: app.db,
    transports: transportsOf(app.env),
    log: app.log,
    now: app.now,
    pollMs: app.env.OUTBOX_POLL_MS,
  });
  return {
    start() {
      dispatcher.start();
      if (dispatcher.channels.length > 0) {
        app.log.info({ channels: dispatcher.channels }, 'sending outgoing messages from the outbox');
      }
    },
    stop: () => dispatcher.stop(),
  };
}
