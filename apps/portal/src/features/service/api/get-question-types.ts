import { questionTypeUsage } from '@gp/contracts/cs';
import { serviceCalls } from './service.calls.ts';

export type QuestionTypeUsage = keyof typeof questionTypeUsage;

/**
 * Question types for the FAQ filter (`faq`) or the question form (`ticket`): those of every game, plus the chosen
 * game's own when one is given.
 */
export function getQuestionTypes(usage: QuestionTypeUsage, gameBaseId?: number) {
  return serviceCalls.questionTypes({
    usage: questionTypeUsage[usage],
    ...(gameBaseId ? { game_base_id: gameBaseId } : {}),
  });
}
