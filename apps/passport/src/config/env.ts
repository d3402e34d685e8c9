import type { Hosts } from '@gp/config';
import type { SocialProvider } from '@gp/contracts/passport';

declare const __GP_HOSTS__: Hosts;
declare const __GP_SOCIAL_LOGIN__: SocialProvider[];

/** Hosts of this build: Vite's environment, checked when the build starts (@gp/ui/vite), not in the browser. */
export const hosts: Hosts = __GP_HOSTS__;

/** The social-login providers the login screen offers (`VITE_SOCIAL_LOGIN`), in order. */
export const socialLogin: SocialProvider[] = __GP_SOCIAL_LOGIN__;
