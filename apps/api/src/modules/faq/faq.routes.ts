/**
 * Public FAQ reads of the customer-service group (`/cs/komoe/api/...`, spec 7): the games and question types of
 * the service home and the question form, and the FAQ pages with their keyword search. Handlers are one line; the
 * rules live in the service.
 */
import type { FastifyInstance } from 'fastify';
import { csGameList, faqPage, questionTypeList } from '@gp/contracts/cs';
import { registerCall } from '../../http/register-call.ts';
import { FaqRepository } from './faq.repository.ts';
import { FaqService } from './faq.service.ts';

export async function faqRoutes(app: FastifyInstance) {
  const faq = new FaqService(new FaqRepository(app.db), {
    mediaUrl: app.mediaUrl,
    now: app.now,
    // The keyword search's texts are as fresh as the public cache's answers: emptied by the same staff writes,
    // else at most its TTL old.
    searchFreshForMs: app.env.PUBLIC_CACHE_TTL_MS,
  });
  app.publicCache.onClear(() => faq.publicDataChanged());

  // Public: the service home and the question form's choices.
  // Member-independent: answered from the public cache (modules/public-cache), emptied by staff writes.
  const cached = { publicCache: true } as const;
  registerCall(app, csGameList, (_, ctx) => faq.games(ctx.lang), cached);
  registerCall(app, questionTypeList, (input, ctx) => faq.questionTypes(input, ctx.lang), cached);
  // Not a keyword search: players type thousands of different words, each asked once or twice, which would only
  // push the shared pages out of the cache (2000 entries) while answering almost nothing from it.
  registerCall(app, faqPage, (input, ctx) => faq.faqPage(input, ctx.lang), {
    publicCache: { when: (input) => !input.question_keyword },
  });

  // The member's tickets.
}
