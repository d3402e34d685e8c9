import cookie from '@fastify/cookie';
import Fastify, { type FastifyReply } from 'fastify';

/**
 * A complete production environment: every setting a production start requires (`requiredInProduction`), real
 * transports for e-mail and SMS (pointing nowhere), no payment provider. The tests of what production refuses or
 * hides start from it. Test apps open their own database whatever DATABASE_URL says.
 */
export const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://gp:secret@db.joypeak.test:5432/gp',
  PREVIEW_SECRET: 'p'.repeat(32),
  STAFF_LINK_SECRET: 's'.repeat(32),
  STAFF_TOTP_KEY: 't'.repeat(32),
  PORTAL_ORIGIN: 'https://www.joypeak.test',
  PASSPORT_ORIGIN: 'https://passport.joypeak.test',
  PAY_ORIGIN: 'https://pay.joypeak.test',
  CS_ADMIN_ORIGIN: 'https://cs.joypeak.test',
  PUBLIC_UPLOAD_URL: 'https://api.joypeak.test/upload',
  COOKIE_DOMAIN: '.joypeak.test',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:9',
  MAIL_FROM: 'no-reply@joypeak.test',
  SMS_TRANSPORT: 'http',
  SMS_GATEWAY_URL: 'https://127.0.0.1:9/sms',
  PAY_PROVIDER: 'none',
  TRUSTED_PROXIES: '127.0.0.1',
} as const satisfies Record<string, string>;

/** The cookies `write` sets on a reply, as a browser would receive them (a throwaway app with the cookie plugin). */
export async function cookiesSetBy(write: (reply: FastifyReply) => Promise<void>) {
  const helper = Fastify({ logger: false });
  await helper.register(cookie);
  helper.post('/login', async (_request, reply) => {
    await write(reply);
    return 'ok';
  });
  const res = await helper.inject({ method: 'POST', url: '/login' });
  await helper.close();
  return res.cookies;
}
