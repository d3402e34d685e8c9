import '@gp/ui/tokens.css';
import { bootApp } from '@gp/ui/boot';
import { createRouter } from './app/router.tsx';

void bootApp({ namespaces: ['portal', 'static'], createRouter });
