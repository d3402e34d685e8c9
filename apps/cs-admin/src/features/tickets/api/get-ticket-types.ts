import { questionTypeList, questionTypeUsage } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

/** The question types tickets are filed under: those of every game, plus the game's own when one is given. */
export const getTicketTypes = (gameBaseId?: number) =>
  api.call(questionTypeList, { usage: questionTypeUsage.ticket, game_base_id: gameBaseId });
