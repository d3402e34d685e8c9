/**
 * The SMTP sink as a process of its own, for the production-shaped journey (`pnpm test:production`): the API's
 * worker sends its mail over SMTP with STARTTLS (as production requires) to it, and the journey reads the mails of
 * one address from its loopback HTTP port (`GET /messages?to=<address>`: `[{ to, subject, text }]`, oldest first).
 *
 *   SMTP_SINK_PORT=<port> SMTP_SINK_HTTP_PORT=<port> SMTP_SINK_USER=<user> SMTP_SINK_PASS=<pass>
 *   SMTP_SINK_TLS_KEY=<pem file> SMTP_SINK_TLS_CERT=<pem file> node --import tsx src/dev/mailbox/smtp-sink.cli.ts
 *
 * Prints `SMTP sink listening on <port>` once both ports answer. Development and tests only.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { startSmtpServer } from './smtp-sink.ts';

function fail(message: string): never {
  process.stderr.write(`smtp-sink: ${message}\n`);
  process.exit(2);
}

const env = process.env;
const portOf = (name: string) => {
  const port = Number(env[name]);
  return Number.isInteger(port) && port > 0 && port < 65_536 ? port : fail(`${name}: a port`);
};
const smtpPort = portOf('SMTP_SINK_PORT');
const httpPort = portOf('SMTP_SINK_HTTP_PORT');
const user = env.SMTP_SINK_USER ?? fail('SMTP_SINK_USER is required');
const pass = env.SMTP_SINK_PASS ?? fail('SMTP_SINK_PASS is required');
const keyFile = env.SMTP_SINK_TLS_KEY ?? fail('SMTP_SINK_TLS_KEY is required (STARTTLS)');
const certFile = env.SMTP_SINK_TLS_CERT ?? fail('SMTP_SINK_TLS_CERT is required (STARTTLS)');

const smtp = await startSmtpServer({
  port: smtpPort,
  credentials: { user, pass },
  tls: { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://sink');
  if (request.method !== 'GET' || url.pathname !== '/messages') return void response.writeHead(404).end();
  const to = url.searchParams.get('to')?.toLowerCase();
  const messages = smtp.mails
    .filter((m) => !to || m.to.some((address) => address.toLowerCase() === to))
    .map((m) => ({ to: m.to, subject: m.subject, text: m.text }));
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
});
await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));
process.stdout.write(`SMTP sink listening on ${smtpPort}\n`);

const stop = async () => {
  http.close();
  await smtp.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
