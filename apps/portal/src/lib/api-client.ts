import { createApiClient } from '@gp/api-client';
import { currentLanguage } from '@gp/i18n';
import { hosts } from '../config/env.ts';

export const api = createApiClient({ baseUrls: hosts.api, lang: currentLanguage });
