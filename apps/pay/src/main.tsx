import '@gp/ui/tokens.css';
import { bootApp } from '@gp/ui/boot';
import { routes } from './app/router.tsx';

void bootApp({ namespaces: ['pay'], routes });
