/**
 * The graphic captcha of the top-up form, served by the passport captcha service (same pictures, lifetime and
 * three-tries limit). The order sends back `captcha_token` and the typed `captcha_code`; a wrong, spent or stale
 * answer is the top-up's err1.
 */
import type { PayCaptchaData } from '@gp/contracts/pay';
import { codes } from '@gp/errors';
import { AppError } from '../../../http/app-error.ts';
import type { CaptchaService } from '../../sessions/index.ts';
import { payError } from '../catalog/pay-catalog.service.ts';

export class PayCaptchaService {
  constructor(private readonly captcha: CaptchaService) {}

  async issue(): Promise<PayCaptchaData> {
    const created = await this.captcha.create();
    return { captcha_token: created.img_token, image: created.image, expires_in: created.expires_in };
  }

  /**
   * Checks the answer and spends the captcha, so of two orders racing with one captcha at most one passes;
   * wrong, spent or stale: err1.
   */
  async check(captchaToken: string, captchaCode: string): Promise<void> {
    try {
      await this.captcha.spend(captchaToken, captchaCode);
    } catch (error) {
      if (error instanceof AppError && error.options.domain === 'passport')
        throw payError(codes.payWrongCaptcha);
      throw error;
    }
  }
}
