import { faqTitleMatchCall } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const matchFaqTitles = (keywords: string, gameBaseId?: number) =>
  api.call(faqTitleMatchCall, { keywords, game_base_id: gameBaseId, page_size: 8 });
