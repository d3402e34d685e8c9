/**
 * Graphic captchas (spec 5: required at login). The picture draws its characters as paths, so the answer is not
 * in the markup. A solved captcha yields a one-time ticket that the protected call consumes. Three wrong answers
 * spend the captcha. A fixed test answer exists for automated tests only and is refused in production (env.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { CaptchaAction } from '@gp/contracts/passport';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { AppError } from '../../http/app-error.ts';
import type { Db } from '../../db/database.ts';
import { CaptchaRepository } from './captcha.repository.ts';

const captchaTtlMs = 5 * 60_000;
const ticketTtlMs = 5 * 60_000;
const maxAttempts = 3;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const normalize = (answer: string) => answer.trim().toLowerCase();

export class CaptchaService {
  constructor(
    private readonly repo: CaptchaRepository,
    private readonly options: { testAnswer?: string | undefined; now: Clock },
  ) {}

  private now() {
    return this.options.now();
  }

  async create(): Promise<{ img_token: string; image: string; expires_in: number }> {
    const picture = svgCaptcha.create({
      size: 4,
      noise: 3,
      color: true,
      ignoreChars: '0oO1iIlL',
      background: '#f4f1ff',
    });
    // In test mode the picture still shows random characters; only automated tests use the fixed answer.
    const answer = this.options.testAnswer ?? picture.text;
    const token = randomBytes(18).toString('base64url');
    await this.repo.addCaptcha(
      sha256(token),
      sha256(normalize(answer)),
      new Date(this.now().getTime() + captchaTtlMs),
    );
    return {
      img_token: token,
      image: `data:image/svg+xml;base64,${Buffer.from(picture.data).toString('base64')}`,
      expires_in: captchaTtlMs / 1000,
    };
  }

  /** One answer, checked and counted in one statement (see `CaptchaRepository.answerCaptcha`). */
  private async answer(
    imgToken: string,
    answer: string,
    ticket: { value: string; use: boolean; action: string },
  ): Promise<void> {
    const now = this.now();
    const outcome = await this.repo.answerCaptcha(
      sha256(imgToken),
      sha256(normalize(answer)),
      {
        hash: sha256(ticket.value),
        expiresAt: new Date(now.getTime() + ticketTtlMs),
        use: ticket.use,
        action: ticket.action,
      },
      now,
      maxAttempts,
    );
    if (outcome !== 'solved') throw new AppError(codes.passportCodeWrong, { domain: 'passport' });
  }

  /**
   * Checks an answer; the right one returns the ticket, good only for `action` (a ticket solved for a sign-up
   * code is no use to a login); a wrong or stale one answers -105.
   */
  async verify(
    imgToken: string,
    answer: string,
    action: CaptchaAction,
  ): Promise<{ ticket: string; expires_in: number }> {
    const ticket = randomBytes(24).toString('base64url');
    await this.answer(imgToken, answer, { value: ticket, use: false, action });
    return { ticket, expires_in: ticketTtlMs / 1000 };
  }

  /**
   * `verify` and `requireTicket` at once, for a form that sends its captcha answer with the protected call (the
   * top-up form, the staff login): the right answer solves and spends the captcha; anything else counts a wrong
   * try (if any are left) and refuses with -105.
   */
  async spend(imgToken: string, answer: string): Promise<void> {
    await this.answer(imgToken, answer, {
      value: randomBytes(24).toString('base64url'),
      use: true,
      action: 'spent',
    });
  }

  /**
   * For the calls that need a solved captcha: spends the ticket, which must have been solved for `action`, or
   * refuses with -105. `solvedWithinMs`: only a ticket solved that recently counts (a login from an address with
   * many failures: no stockpiled tickets).
   */
  async requireTicket(
    ticket: string | undefined,
    action: CaptchaAction,
    options: { solvedWithinMs?: number } = {},
  ): Promise<void> {
    const now = this.now();
    // A ticket expires `ticketTtlMs` after it was solved, so "solved within" is "expires later than".
    const liveAt =
      options.solvedWithinMs === undefined
        ? now
        : new Date(now.getTime() + Math.max(0, ticketTtlMs - options.solvedWithinMs));
    if (!ticket || !(await this.repo.useTicket(sha256(ticket), action, now, liveAt))) {
      throw new AppError(codes.passportCodeWrong, { domain: 'passport' });
    }
  }
}

/** The graphic captcha for other modules' logins and forms (staff login, top-up): the same tokens and tickets. */
export function createCaptchaService(
  db: Db,
  options: { testAnswer?: string | undefined; now: Clock },
): CaptchaService {
  return new CaptchaService(new CaptchaRepository(db), options);
}
