import '@gp/ui/tokens.css';
import { bootApp } from '@gp/ui/boot';
import { routes } from './app/router.tsx';

/** Where the player hosts share the language cookie (player-vite `appEnvDefines`). */
declare const __GP_LANGUAGE_SCOPE__: { domain?: string } | null;

void bootApp({ namespaces: ['pay'], routes, languageScope: __GP_LANGUAGE_SCOPE__ });
