import { staffCaptcha } from '@gp/contracts/staff';
import type { ResponseOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type Captcha = ResponseOf<typeof staffCaptcha>;

export const getCaptcha = (): Promise<Captcha> => api.call(staffCaptcha, {});
