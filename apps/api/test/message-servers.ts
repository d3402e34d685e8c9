/**
 * A real SMS-gateway server on 127.0.0.1 (port 0) for the messaging tests (the SMTP one is the development
 * stand-in src/dev/mailbox/smtp-sink.ts): it receives what the transport sends, so tests check the wire, not a mock.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  text: string;
  authorization: string | undefined;
  contentType: string | undefined;
}

/**
 * An SMS gateway answering `POST /sms`: 202 (`ok`), 500 (`fail`) or never (`hang`), switchable while running.
 * Only accepted messages are kept in `accepted`; `requests` counts every try.
 */
export async function startSmsGateway() {
  const state = {
    mode: 'ok' as 'ok' | 'fail' | 'hang',
    requests: 0,
    accepted: [] as ReceivedSms[],
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests++;
      if (request.method !== 'POST' || request.url !== '/sms') return void response.writeHead(404).end();
      if (state.mode === 'hang') return; // no answer; closeAllConnections() ends it
      if (state.mode === 'fail') {
        return void response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"busy"}');
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { to: string; text: string };
      state.accepted.push({
        to: body.to,
        text: body.text,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
      });
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"sms-1"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    url: `http://127.0.0.1:${port}/sms`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
