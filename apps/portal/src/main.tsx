import '@gp/ui/tokens.css';
import { bootApp } from '@gp/ui/boot';
import { createRouter } from './app/router.tsx';

// The legal pages' long texts (`static`) are not here: static-page.tsx loads them when one of those pages opens,
// so the home page's first load on a phone does not carry them.
void bootApp({ namespaces: ['portal'], createRouter });
