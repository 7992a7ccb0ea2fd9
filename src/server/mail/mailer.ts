import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

// Every e-mail Rounds sends goes through here: through SMTP_URL when it is set, else into
// DATA_DIR/outbox as .eml files any mail program opens, so the default set-up needs nothing.
// Who may send what, and how often, is decided before (mail/outgoing.ts).

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The display name of `From:`; the address is always MAIL_FROM's. */
  fromName?: string;
  /** Where answers go: the person who sent it. */
  replyTo?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** The one-click unsubscribe URL (RFC 8058): `List-Unsubscribe` and `List-Unsubscribe-Post`. */
  listUnsubscribe?: string;
}

export interface Mailer {
  /** 'SMTP smtp.example.com:587' or 'outbox /data/outbox' (never a password). */
  readonly description: string;
  /** Resolves once the server accepted the message (or the file is written); rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
}

export function openMailer(config: Config): Mailer {
  const from = parseFrom(config.mailFrom);
  return config.smtpUrl ? smtpMailer(config.smtpUrl, from) : outboxMailer(path.join(config.dataDir, 'outbox'), from);
}

type Transport = ReturnType<typeof nodemailer.createTransport>;

function smtpMailer(url: string, from: Sender): Mailer {
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
      await transport.sendMail(message(from, mail));
    },
  };
}

function outboxMailer(folder: string, from: Sender): Mailer {
  const transport: Transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `outbox ${folder}`,
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await writeFile(path.join(folder, name), info.message as Buffer);
    },
  };
}

interface Sender {
  name: string;
  address: string;
}

/** `Rounds <rounds@example.com>` or a bare address. */
export function parseFrom(value: string): Sender {
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(value);
  if (match) return { name: headerText(match[1]!.replace(/^"(.*)"$/, '$1'), 100), address: match[2]! };
  return { name: '', address: value.trim() };
}

/**
 * The message nodemailer sends. Text people wrote (a property's name in a subject, a sender's
 * display name) reaches a header only as one line: control characters (CR, LF, tab…) become
 * spaces, so no text can start a header of its own; nodemailer encodes the rest (RFC 2047).
 */
function message(from: Sender, mail: OutgoingMail) {
  return {
    from: { name: mail.fromName ? headerText(mail.fromName, 100) : from.name, address: from.address },
    to: mail.to,
    replyTo: mail.replyTo,
    subject: headerText(mail.subject, 200),
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    ...(mail.listUnsubscribe
      ? {
          list: { unsubscribe: mail.listUnsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

/** One line of at most `max` characters, with every control character a space. */
export function headerText(value: string, max: number): string {
  return value
    .replace(/\p{Cc}|\p{Zl}|\p{Zp}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}
