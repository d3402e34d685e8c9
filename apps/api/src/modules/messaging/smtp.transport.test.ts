/** The SMTP transport against a real SMTP server on 127.0.0.1: authenticated, translated, readable. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '@gp/i18n/server';
import { startSmtpServer } from '../../dev/mailbox/smtp-sink.ts';
import { SmtpTransport } from './smtp.transport.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

const codeMail = (lang: 'th' | 'zh', code: string) => ({
  id: 1,
  channel: 'email' as const,
  recipient: 'somchai@example.com',
  lang,
  subject: messageText(lang, 'code.subject'),
  body: messageText(lang, 'code.body', { code, minutes: 10 }),
});

describe('SMTP transport', () => {
  it('delivers a translated code e-mail as UTF-8 plain text from MAIL_FROM, after logging in', async () => {
    const transport = new SmtpTransport({ url: smtp.url, from: 'JoyPeak Games <no-reply@joypeak.test>' });
    try {
      await transport.send(codeMail('th', '482913'));
    } finally {
      await transport.close();
    }
    const mail = smtp.mails.at(-1)!;
    expect(mail).toMatchObject({
      from: 'no-reply@joypeak.test',
      to: ['somchai@example.com'],
      user: 'mailer',
    });
    expect(mail.subject).toBe('รหัสยืนยันของ JoyPeak Games');
    expect(mail.contentType).toMatch(/^text\/plain; charset=utf-8/i);
    expect(mail.text).toBe(messageText('th', 'code.body', { code: '482913', minutes: 10 }));
    expect(mail.text).toContain('482913');
  });

  it('fails with the server refusal when the credentials are wrong', async () => {
    const transport = new SmtpTransport({
      url: smtp.url.replace(':secret@', ':wrong@'),
      from: 'no-reply@joypeak.test',
    });
    const before = smtp.mails.length;
    try {
      await expect(transport.send(codeMail('zh', '123123'))).rejects.toThrow(/Invalid (login|username)/i);
    } finally {
      await transport.close();
    }
    expect(smtp.mails).toHaveLength(before);
  });

  it('refuses to send in the clear when TLS is required and the server offers no STARTTLS', async () => {
    const transport = new SmtpTransport({ url: smtp.url, from: 'no-reply@joypeak.test', requireTls: true });
    const before = smtp.mails.length;
    try {
      await expect(transport.send(codeMail('th', '424242'))).rejects.toThrow(/STARTTLS|TLS/);
    } finally {
      await transport.close();
    }
    expect(smtp.mails).toHaveLength(before);
  });

  it('fails, not hangs, when nothing listens', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const transport = new SmtpTransport({ url: closed.url, from: 'no-reply@joypeak.test', timeoutMs: 2_000 });
    await expect(transport.send(codeMail('th', '000111'))).rejects.toThrow(/ECONNREFUSED|connect/i);
    await transport.close();
  });
});
