/** The envelope and error policy of DESIGN section 4, on contracts made for the test. */
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@gp/contracts';
import { AppError } from './app-error.ts';
import { registerErrorHandling } from './error-handler.ts';
import { registerCall } from './register-call.ts';

const pageCall = defineCall({
  group: 'web',
  method: 'GET',
  path: '/test/page',
  auth: 'public',
  request: z.object({ page_num: z.coerce.number().int().min(1), page_size: z.coerce.number().int().max(50) }),
  response: z.object({ page_num: z.number(), lang: z.string() }),
});
const formCall = defineCall({
  group: 'passport',
  method: 'POST',
  path: '/test/form',
  auth: 'public',
  request: z.object({ user: z.string().min(1) }),
  response: z.object({ user: z.string() }),
});
const jsonCall = defineCall({
  group: 'cs',
  method: 'POST',
  path: '/test/json',
  encoding: 'json',
  auth: 'public',
  request: z.object({ ids: z.array(z.number().int()) }),
  response: z.object({ count: z.number() }),
});
const failing = defineCall({
  group: 'web',
  method: 'GET',
  path: '/test/boom',
  auth: 'public',
  request: z.object({}),
  response: z.object({}),
});
const wrongAnswer = defineCall({
  group: 'web',
  method: 'GET',
  path: '/test/wrong',
  auth: 'public',
  request: z.object({}),
  response: z.object({ n: z.number() }),
});

const app = Fastify({ logger: false });
beforeAll(async () => {
  registerErrorHandling(app);
  await app.register(formbody);
  registerCall(app, pageCall, (input, ctx) => ({ page_num: input.page_num, lang: ctx.lang }));
  registerCall(app, formCall, (input) => {
    if (input.user === 'nobody') throw new AppError(-104);
    return { user: input.user };
  });
  registerCall(app, jsonCall, (input) => ({ count: input.ids.length }));
  registerCall(app, failing, () => {
    throw new Error('secret connection string postgres://u:p@db');
  });
  // @ts-expect-error deliberately answers outside the contract
  registerCall(app, wrongAnswer, () => ({ n: 'not a number' }));
  await app.ready();
});
afterAll(() => app.close());

describe('registerCall', () => {
  it('wraps data in the envelope and passes the language', async () => {
    const res = await app.inject({ url: '/web/test/page?page_num=2&page_size=10&lang=vi' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'success', data: { page_num: 2, lang: 'vi' } });
  });

  it('answers 400/-400 naming every failing field, in the caller language', async () => {
    const en = await app.inject({ url: '/web/test/page?page_num=0&page_size=abc' });
    expect(en.statusCode).toBe(400);
    const body = en.json();
    expect(body.code).toBe(-400);
    expect(body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['page_num', 'page_size']);
    const th = await app.inject({ url: '/web/test/page?lang=th' });
    expect(th.json().message).not.toBe(body.message);
    expect(th.json().message.length).toBeGreaterThan(0);
  });

  it('reads form bodies and turns business refusals into 200 with the domain message', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/passport/test/form',
      payload: 'user=alice',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(ok.json()).toMatchObject({ code: 0, data: { user: 'alice' } });
    const refused = await app.inject({
      method: 'POST',
      url: '/passport/test/form',
      payload: 'user=nobody',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ code: -104, data: null });
    expect(refused.json().message).toMatch(/\S/);
  });

  it('refuses unparsable JSON with 400 and never echoes internals', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/cs/test/json',
      payload: '{"ids": [1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: -400,
      data: { fields: [{ field: 'body', code: 'malformed' }] },
    });
    const typed = await app.inject({ method: 'POST', url: '/cs/test/json', payload: { ids: [1, 'x'] } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().data.fields).toEqual([{ field: 'ids.1', code: 'invalid_type' }]);
  });

  it('answers 500/-500 without the error text', async () => {
    const res = await app.inject({ url: '/web/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: -500, data: null });
    expect(res.body).not.toContain('postgres://');
    expect(res.body).not.toContain('stack');
  });

  it('treats an answer outside the contract as a server fault, not as data', async () => {
    const res = await app.inject({ url: '/web/test/wrong' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not a number');
  });

  it('answers unknown routes with a 404 envelope', async () => {
    const res = await app.inject({ url: '/web/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: -404, data: null });
  });

  it('will not expose a member call while no authenticator exists', () => {
    const member = defineCall({ ...formCall, path: '/test/member', auth: 'member' });
    expect(() => registerCall(app, member, () => ({ user: 'x' }))).toThrow(/no authenticator/);
  });
});
