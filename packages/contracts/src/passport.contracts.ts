/**
 * Passport group (spec 7 "Passport"). Member calls carry the CSRF token `ct` (the value of the readable `joy_jct`
 * cookie); the client adds it to every member call, so request schemas do not declare it.
 */
import { z } from 'zod';
import { defineCall } from './define.ts';

/** loginType / channel_type: 0 is an account (phone or e-mail); anything else is a third-party login. */
export const accountLoginType = 0;

export const userInfoData = z.object({
  mid: z.number().int(),
  user_id: z.string(),
  nick_name: z.string(),
  nickName: z.string(),
  loginType: z.number().int(),
});
export type UserInfo = z.infer<typeof userInfoData>;

export const userInfo = defineCall({
  group: 'passport',
  method: 'GET',
  path: '/web/user/info',
  auth: 'member',
  request: z.object({}),
  response: userInfoData,
});

export const userLogout = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/web/user/logout',
  auth: 'member',
  request: z.object({ changeBaseUrl: z.string().optional() }),
  response: z.null(),
});

export function isAccountUser(user: Pick<UserInfo, 'loginType'>): boolean {
  return user.loginType === accountLoginType;
}
