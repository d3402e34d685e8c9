/**
 * The reads' baseline of `pnpm bench:scale`: a bare Fastify GET, served by each API replica beside the API. (The
 * orders' baseline is the replay of their own statements: ../order-replay.ts.)
 */
import Fastify, { type FastifyInstance } from 'fastify';

export async function startBare(port: number) {
  const bare: FastifyInstance = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 0, message: 'success', data: null }));
  await bare.listen({ host: '127.0.0.1', port });
  return { close: () => bare.close() };
}
