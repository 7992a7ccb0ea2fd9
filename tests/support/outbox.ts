import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

// Tests read what the app e-mailed as a person would: from the .eml outbox that the
// mailer writes to DATA_DIR/outbox when no SMTP_URL is set, then follow the links in it.

/** Every message in `dataDir`'s outbox, oldest first (the file names start with the time). */
export async function readOutbox(dataDir: string): Promise<ParsedMail[]> {
  const folder = path.join(dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((name) => simpleParser(readFileSync(path.join(folder, name)))));
}

/** The recipient addresses of a parsed message, lower case. */
export function recipientsOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

/** The messages to `address` whose subject matches, oldest first. */
export async function mailsTo(dataDir: string, address: string, subject?: RegExp): Promise<ParsedMail[]> {
  const mails = await readOutbox(dataDir);
  return mails.filter(
    (mail) => recipientsOf(mail).includes(address.toLowerCase()) && (!subject || subject.test(mail.subject ?? '')),
  );
}

/**
 * The newest message to `address` whose subject matches, waiting for it up to `timeoutMs`
 * (some mail goes out after the answer, so that it takes the same time whoever asked).
 */
export async function waitForMail(
  dataDir: string,
  address: string,
  subject: RegExp,
  { timeoutMs = 10_000, after = 0 }: { timeoutMs?: number; after?: number } = {},
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(dataDir, address, subject)).slice(after);
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first absolute link in the message's text whose path contains `pathPart`. */
export function linkIn(mail: ParsedMail, pathPart: string): string {
  const link = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`No link with ${pathPart} in "${mail.subject}":\n${mail.text}`);
  return link;
}
