import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { type Config, DATA_DIR_MODE } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Names the .eml file when mail is written to disk (e.g. the order number). */
  tag?: string;
}

export interface SentMail {
  messageId: string;
  /** Where the message was written, when there is no SMTP server. */
  file?: string;
}

/** Sends mail; the order service depends on this, not on nodemailer. */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
}

/** The folder .eml files go to when SMTP_URL is unset. */
export function mailFolder(dataDir: string): string {
  return path.join(dataDir, 'mail');
}

function safeName(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60);
}

/**
 * Over SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in
 * DATA_DIR/mail, which any mail program opens, so a shop without a mail server still keeps
 * what it would have sent.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: the shopper waits for the confirmation while this runs.
    const transport = nodemailer.createTransport(config.smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
    return {
      async send({ tag: _tag, ...message }) {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const folder = mailFolder(config.dataDir);
  return {
    async send({ tag, ...message }) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${safeName(tag ?? 'message')}.eml`);
      const body = info.message;
      if (!Buffer.isBuffer(body)) throw new Error('Expected the message as a buffer');
      try {
        await writeFile(file, body, { mode: 0o600 });
      } catch (error) {
        // The folder is made when the first message finds it missing, not before every one.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(folder, { recursive: true, mode: DATA_DIR_MODE });
        await writeFile(file, body, { mode: 0o600 });
      }
      return { messageId: info.messageId, file };
    },
  };
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
