import { hostsFromAppEnv, socialLoginFromAppEnv } from '@gp/config/app-env';

/** Hosts of this build, from Vite's environment, checked once. */
export const hosts = hostsFromAppEnv(import.meta.env);

/** The social-login providers the login screen offers (`VITE_SOCIAL_LOGIN`), in order. */
export const socialLogin = socialLoginFromAppEnv(import.meta.env);
