/** Account kinds of the passport contracts that need no zod; passport.contracts.ts re-exports them. */

/** loginType / channel_type: 0 is an account (phone or e-mail); anything else is a third-party login. */
export const accountLoginType = 0;

export function isAccountUser(user: { loginType: number }): boolean {
  return user.loginType === accountLoginType;
}

/**
 * channel_type of each third-party provider (spec 3: 0 is an account). `demo` is the built-in "Demo ID" provider
 * that stands in for the others locally and in tests; production never offers it.
 */
export const socialChannels = { apple: 1, google: 2, facebook: 3, demo: 9 } as const;
export type SocialProvider = keyof typeof socialChannels;

/** The provider behind a channel_type; undefined for 0 (an account) and unknown numbers. */
export function providerOfChannel(channel: number): SocialProvider | undefined {
  return (Object.keys(socialChannels) as SocialProvider[]).find((k) => socialChannels[k] === channel);
}
