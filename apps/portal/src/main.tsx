import '@gp/ui/tokens.css';
import { bootApp } from '@gp/ui/boot';
import { routes } from './app/router.tsx';

/** Where the player hosts share the language cookie (player-vite `appEnvDefines`). */
declare const __GP_LANGUAGE_SCOPE__: { domain?: string } | null;

// The legal pages' long texts (`static`) and the customer-service strings (`service`) are not here: their screens
// load them when one of those pages opens, so the home page's first load on a phone does not carry them.
void bootApp({ namespaces: ['portal'], routes, languageScope: __GP_LANGUAGE_SCOPE__ });
