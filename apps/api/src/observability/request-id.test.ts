/**
 * Request ids (request-id.ts, app.ts, error-handler.ts): the proxy's id when it is a plain token, else a fresh
 * UUID; on every answer as `x-request-id`; in the body of 5xx answers only; in every log line of the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { buildApp } from '../app.ts';
import { developmentParts } from '../dev/development-parts.ts';
import { parseEnv } from '../config/env.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { requestIdOf } from './request-id.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('requestIdOf', () => {
  it('keeps a plain token of at most 64 characters', () => {
    expect(requestIdOf('abc-123_X.y')).toBe('abc-123_X.y');
    expect(requestIdOf('a'.repeat(64))).toBe('a'.repeat(64));
    expect(requestIdOf(['first-id', 'second'])).toBe('first-id');
  });

  it('replaces anything else with a fresh UUID', () => {
    for (const bad of [
      undefined,
      '',
      'a'.repeat(65),
      'has space',
      'line\nbreak',
      '"quoted"',
      'ü',
      'a/b',
      '{}',
    ]) {
      const id = requestIdOf(bad);
      expect(id).toMatch(uuid);
      expect(id).not.toBe(bad);
    }
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe('request ids in the API', () => {
  const lines: Array<Record<string, unknown>> = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const database = await openTestDatabase();
    app = await buildApp({
      dev: developmentParts,
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info' }),
      database,
      logStream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      }),
    });
    // A route that fails as a bug would: the 500 envelope, with nothing of the error in it.
    app.get('/test/boom', async () => {
      throw new Error('internal detail that must not leave');
    });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('answers every request with its id, taken from a sane X-Request-Id', async () => {
    const given = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'proxy-7f3a.1' } });
    expect(given.headers['x-request-id']).toBe('proxy-7f3a.1');
    const spoofed = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'x\r\n{"forged":1}' } });
    expect(spoofed.headers['x-request-id']).toMatch(uuid);
    const notFound = await app.inject('/no/such/route');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toMatch(uuid);
    const refused = await app.inject({
      method: 'POST',
      url: '/passport/web/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-request-id']).toMatch(uuid);
  });

  it('puts request_id into 5xx envelopes only', async () => {
    const boom = await app.inject({ url: '/test/boom', headers: { 'x-request-id': 'trace-500' } });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      code: -500,
      message: expect.any(String),
      data: null,
      request_id: 'trace-500',
    });
    expect(boom.body).not.toContain('internal detail');
    app.lifecycle.draining = true;
    try {
      const draining = await app.inject('/readyz');
      expect(draining.statusCode).toBe(503);
      expect(draining.json().request_id).toBe(draining.headers['x-request-id']);
    } finally {
      app.lifecycle.draining = false;
    }
    for (const url of ['/healthz', '/readyz', '/no/such/route']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBeLessThan(500);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'data', 'message']);
    }
  });

  it('writes the id into every log line of the request', async () => {
    lines.length = 0;
    await app.inject({ url: '/test/boom', headers: { 'x-request-id': 'trace-logs' } });
    const own = lines.filter((l) => l.reqId === 'trace-logs');
    expect(own.map((l) => l.msg)).toEqual(['incoming request', 'unhandled error', 'request completed']);
    expect(lines.filter((l) => l.reqId !== 'trace-logs')).toEqual([]);
  });
});
