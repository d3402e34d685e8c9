/**
 * What other modules do when a member logs in (password or social login), without the passport knowing them:
 * the privacy module cancels a pending account deletion. Listeners run after the session is opened, in order;
 * one that fails fails the login's answer (the session stays, so a retry logs in again and runs them again).
 */
import type { LanguageCode } from '@gp/config';

export interface MemberLogin {
  mid: number;
  lang: LanguageCode;
}

export type MemberLoginListener = (login: MemberLogin) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Filled by modules as they register their routes (app.ts creates it empty). */
    memberLoginListeners: MemberLoginListener[];
  }
}
