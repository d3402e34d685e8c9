/** The HTTP SMS gateway transport against a real HTTP server on 127.0.0.1. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmsGateway } from '../../../test/message-servers.ts';
import { HttpSmsTransport } from './http-sms.transport.ts';

let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
beforeAll(async () => {
  gateway = await startSmsGateway();
});
beforeEach(() => {
  gateway.state.mode = 'ok';
});
afterAll(() => gateway.close());

const sms = {
  id: 7,
  channel: 'sms' as const,
  recipient: '66812345678',
  lang: 'th',
  subject: 'ignored',
  body: '[JoyPeak Games] รหัสของคุณคือ 654321',
};

describe('HTTP SMS transport', () => {
  it('posts { to, text } as JSON with the bearer token, the number in E.164 with its plus', async () => {
    await new HttpSmsTransport({ url: gateway.url, token: 'gw-token' }).send(sms);
    expect(gateway.state.accepted.at(-1)).toEqual({
      to: '+66812345678',
      text: sms.body,
      authorization: 'Bearer gw-token',
      contentType: 'application/json',
    });
  });

  it('sends no Authorization header without a token', async () => {
    await new HttpSmsTransport({ url: gateway.url }).send(sms);
    expect(gateway.state.accepted.at(-1)?.authorization).toBeUndefined();
  });

  it('fails on a non-2xx answer, without the text in the error', async () => {
    gateway.state.mode = 'fail';
    const error = await new HttpSmsTransport({ url: gateway.url }).send(sms).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('SMS gateway answered HTTP 500');
  });

  it('fails when the gateway does not answer in time', async () => {
    gateway.state.mode = 'hang';
    const started = Date.now();
    await expect(new HttpSmsTransport({ url: gateway.url, timeoutMs: 300 }).send(sms)).rejects.toThrow(
      'SMS gateway did not answer within 300 ms',
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('fails when nothing listens', async () => {
    const gone = await startSmsGateway();
    await gone.close();
    await expect(new HttpSmsTransport({ url: gone.url }).send(sms)).rejects.toThrow(
      /SMS gateway unreachable/,
    );
  });
});
