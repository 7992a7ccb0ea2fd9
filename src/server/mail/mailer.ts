import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

// Sending mail (invoices): through SMTP_URL when it is set, else into DATA_DIR/outbox as .eml
// files any mail program opens, so the default set-up needs nothing.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** 'SMTP smtp.example.com:587' or 'outbox /data/outbox' (never a password). */
  readonly description: string;
  /** Resolves once the server accepted the message (or the file is written); rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

export function openMailer(config: Config): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom);
}

function smtpMailer(url: string, from: string): Mailer {
  // Short time-outs: the person who pressed 'Send' is waiting for the answer.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const where = new URL(url);
  return {
    description: `SMTP ${where.hostname}:${where.port || (where.protocol === 'smtps:' ? 465 : 587)}`,
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

function outboxMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox ${folder}`,
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer);
    },
  };
}
