/**
 * A real SMTP server on 127.0.0.1 that keeps every mail it receives (development and tests only): the messaging
 * tests check the wire with it, and the production-shaped journey reads sign-up codes from it (smtp-sink.cli.ts).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  subject: string;
  contentType: string;
  text: string;
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?...?=`), joining adjacent ones first. */
function decodeHeader(value: string): string {
  const latin1 = value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('latin1')
        : quotedPrintable(text.replace(/_/g, ' ')).toString('latin1'),
    );
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

function quotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(joined.charCodeAt(i));
  }
  return Buffer.from(bytes);
}

/** Enough of a MIME parser for the single-part text mails the SMTP transport writes. */
export function parseMail(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body).toString('utf8')
        : body;
  return { headers, text: text.replace(/\r\n/g, '\n').replace(/\n$/, '') };
}

export interface SmtpSinkOptions {
  credentials?: { user: string; pass: string };
  /** Offer STARTTLS with this key and certificate (what a production sender requires); none: plain text. */
  tls?: { key: string; cert: string };
  port?: number;
}

/**
 * An SMTP server on loopback that accepts `user`/`pass` (plain AUTH) and keeps every mail; without `tls` it
 * offers no STARTTLS.
 */
export async function startSmtpServer(options: SmtpSinkOptions = {}) {
  const credentials = options.credentials ?? { user: 'mailer', pass: 'secret' };
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    ...(options.tls
      ? { key: options.tls.key, cert: options.tls.cert }
      : { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { headers, text } = parseMail(Buffer.concat(chunks).toString('latin1'));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((a) => a.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          subject: decodeHeader(headers.get('subject') ?? ''),
          contentType: headers.get('content-type') ?? '',
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    mails,
    port,
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
