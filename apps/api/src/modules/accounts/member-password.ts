/**
 * A member's own password, confirmed for a grave step another module takes for them (privacy: deleting the
 * account). It arrives sealed as at login (`/web/rsa_public`), and each check takes a try on the account's
 * lockout like a login does, so a stolen session cannot use it to guess the password faster than the login could.
 * Answers nothing when the password is right; throws the passport code otherwise.
 */
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { LockoutRepository } from '../sessions/index.ts';
import { accountKey, LockoutService } from '../sessions/index.ts';
import { MemberRepository } from './member.repository.ts';
import { PasswordHasher, productionCost, testCost } from '../sessions/index.ts';
import { RsaService } from './rsa.service.ts';
import { SecurityRepository } from './security.repository.ts';

export type MemberPasswordCheck = (mid: number, sealedPassword: string) => Promise<void>;

export function memberPasswordCheck(deps: {
  db: Db;
  env: { NODE_ENV: string; RSA_PRIVATE_KEY?: string | undefined };
  now: Clock;
}): MemberPasswordCheck {
  const rsa = new RsaService(new SecurityRepository(deps.db), {
    privateKeyPem: deps.env.RSA_PRIVATE_KEY,
    now: deps.now,
  });
  const hasher = new PasswordHasher(deps.env.NODE_ENV === 'test' ? testCost : productionCost);
  const lockout = new LockoutService(new LockoutRepository(deps.db), { now: deps.now });
  const members = new MemberRepository(deps.db);
  const refuse = (code: number): never => {
    throw new AppError(code, { domain: 'passport' });
  };
  return async (mid, sealedPassword) => {
    const password = await rsa.decryptPassword(sealedPassword);
    const found = await members.byMid(mid);
    // A social-login member has no password to confirm with.
    if (!found?.passwordHash) return refuse(codes.cannotOperate);
    const attempt = await lockout.beginTry(accountKey(mid));
    if (!attempt) return refuse(codes.passportTooManyLogins);
    if (!(await hasher.verify(found.passwordHash, password))) {
      return refuse(attempt.last ? codes.passportTooManyLogins : codes.passportOldPasswordWrong);
    }
    await lockout.recordSuccess(accountKey(mid));
  };
}
