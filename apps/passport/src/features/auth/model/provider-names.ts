import type { SocialProvider } from '@gp/contracts/passport';

/** Brand names stay as they are in every language; only the words around them are translated. */
export const providerNames: Record<SocialProvider, string> = {
  apple: 'Apple',
  google: 'Google',
  facebook: 'Facebook',
  demo: 'Demo ID',
};
