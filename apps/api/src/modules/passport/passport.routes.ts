import type { FastifyInstance } from 'fastify';
import {
  countryList,
  imgCaptcha,
  rsaPublic,
  userInfo,
  userLogout,
  verifyCaptcha,
  verifyCaptchaKomoe,
} from '@gp/contracts/passport';
import { memberOf, registerCall } from '../../http/register-call.ts';
import { clearSessionCookies } from './member-auth.ts';
import { CaptchaService } from './captcha.service.ts';
import { countryList as countries } from './countries.ts';
import { RsaService } from './rsa.service.ts';
import { SecurityRepository } from './security.repository.ts';
import { SessionRepository } from './session.repository.ts';

export async function passportRoutes(app: FastifyInstance) {
  const sessions = new SessionRepository(app.db);
  const security = new SecurityRepository(app.db);
  const captcha = new CaptchaService(security, { testAnswer: app.env.CAPTCHA_TEST_ANSWER });
  const rsa = new RsaService(security, { privateKeyPem: app.env.RSA_PRIVATE_KEY });

  registerCall(app, rsaPublic, () => rsa.publicKey());
  registerCall(app, imgCaptcha, () => captcha.create());
  registerCall(app, verifyCaptcha, (input) => captcha.verify(input.img_token, input.captcha));
  registerCall(app, verifyCaptchaKomoe, (input) => captcha.verify(input.img_token, input.captcha));
  registerCall(app, countryList, (_, ctx) => countries(ctx.lang === 'ja' ? 'en' : ctx.lang));

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
