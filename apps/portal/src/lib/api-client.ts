import { createPlayerApi } from '@gp/ui/player-api';
import { hosts } from '../config/env.ts';

export const api = createPlayerApi(hosts);
