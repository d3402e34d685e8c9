import { hostsFromAppEnv } from '@gp/config/app-env';

/** Hosts of this build, from Vite's environment, checked once. */
export const hosts = hostsFromAppEnv(import.meta.env);
