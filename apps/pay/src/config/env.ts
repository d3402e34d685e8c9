import type { Hosts } from '@gp/config';

declare const __GP_HOSTS__: Hosts;

/** Hosts of this build: Vite's environment, checked when the build starts (@gp/ui/vite), not in the browser. */
export const hosts: Hosts = __GP_HOSTS__;
