import type { FastifyInstance } from 'fastify';
import { userInfo, userLogout } from '@gp/contracts/passport';
import { memberOf, registerCall } from '../../http/register-call.ts';
import { clearSessionCookies } from './member-auth.ts';
import { SessionRepository } from './session.repository.ts';

export async function passportRoutes(app: FastifyInstance) {
  const sessions = new SessionRepository(app.db);
  registerCall(app, userInfo, (_, ctx) => {
    const m = memberOf(ctx);
    return {
      mid: m.mid,
      user_id: m.userId,
      nick_name: m.nickName,
      nickName: m.nickName,
      loginType: m.loginType,
    };
  });
  registerCall(app, userLogout, async (_, ctx) => {
    await sessions.revoke(memberOf(ctx).sessionIdHash);
    clearSessionCookies(ctx.reply, app.env);
    return null;
  });
}
