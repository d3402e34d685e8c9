/**
 * The baselines of `pnpm bench:scale`: a bare Fastify GET, and a bare transactional POST on the same PostgreSQL
 * (what one insert in a transaction costs over HTTP), served by each API replica beside the API.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

/** The bare POST's table; made once, before the replicas start (two making it at once would collide). */
export async function prepareBare(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'create table if not exists bench_bare_post (id bigserial primary key, body text not null, created_at timestamptz not null default now())',
    );
  } finally {
    await client.end();
  }
}

export async function startBare(url: string, port: number) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const bare: FastifyInstance = Fastify({ logger: false });
  bare.get('/bare', async () => ({ code: 0, message: 'success', data: null }));
  bare.post('/bare', async (request) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: string }>(
        'insert into bench_bare_post (body) values ($1) returning id',
        [JSON.stringify(request.body ?? null)],
      );
      await client.query('commit');
      return { code: 0, message: 'success', data: { id: rows[0]!.id } };
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
  await bare.listen({ host: '127.0.0.1', port });
  return { close: async () => (await bare.close(), await pool.end()) };
}
