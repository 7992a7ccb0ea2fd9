import { formatsFor, type Locality } from '../../../shared/locale';
import type { ClientMessageKind } from '../../../shared/notifications';
import type { VisitSnapshot } from './client-messages';

// The words of each client e-mail, plain text and HTML alike. Every one names the
// business, and ends with the unsubscribe link (also in the `List-Unsubscribe` header).

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface MessageContext {
  kind: ClientMessageKind;
  payload: Record<string, unknown>;
  business: { name: string; address: string | null; phone: string | null; email: string | null };
  /** The business's locale, currency and zone: every date, time and amount is written in them. */
  locality: Locality;
  clientName: string;
  /** A portal link (visit completed: to its report; invoice sent: to the invoices), when there is one. */
  portalUrl: string | null;
  unsubscribeUrl: string;
}

/** The completion as it happened: completed anyway and why, what was not done, photos only when there are some. */
function completedLines(visit: VisitSnapshot, place: string): string[] {
  const lines = visit.overrideReason
    ? [`We have completed our visit to ${place}, without everything on the checklist: ${visit.overrideReason}`]
    : [`We have completed our visit to ${place}.`];
  if (visit.notDone && visit.notDone.length > 0) lines.push(`Not done this time: ${visit.notDone.join(', ')}.`);
  const photos = visit.photoCount ?? 0;
  lines.push(
    photos > 0
      ? `The report, with its ${photos === 1 ? 'photo' : `${photos} photos`}, is in your portal.`
      : 'The report is in your portal.',
  );
  return lines;
}

function words(context: MessageContext): { subject: string; lines: string[]; link?: { label: string; url: string } } {
  const { payload } = context;
  const formats = formatsFor(context.locality);
  // 'Wed, Nov 25, 2026, 9:00 AM' (en-US), 'Wed, 25 Nov 2026, 9:00 am' (en-AU), in the business's zone.
  const when = (iso: string) => formats.dateTime(iso);
  const visit = payload as unknown as VisitSnapshot;
  const place = `${visit.propertyName}, ${visit.address}`;
  switch (context.kind) {
    case 'visit_scheduled':
      return {
        subject: `Visit scheduled: ${when(visit.scheduledAt)}`,
        lines: [`We have scheduled a visit to ${place} on ${when(visit.scheduledAt)}.`],
      };
    case 'visit_moved':
      return {
        subject: `Visit moved to ${when(visit.scheduledAt)}`,
        lines: [
          `Our visit to ${place} has moved from ${when(visit.previousScheduledAt ?? visit.scheduledAt)} ` +
            `to ${when(visit.scheduledAt)}.`,
        ],
      };
    case 'visit_cancelled':
      return {
        subject: `Visit cancelled: ${when(visit.scheduledAt)}`,
        lines: [`Our visit to ${place} on ${when(visit.scheduledAt)} is cancelled.`],
      };
    case 'visit_reminder':
      return {
        subject: `Reminder: visit on ${when(visit.scheduledAt)}`,
        lines: [`A reminder: we will visit ${place} on ${when(visit.scheduledAt)}.`],
      };
    case 'on_my_way':
      return {
        subject: `On my way: arriving about ${formats.time(visit.etaAt ?? visit.scheduledAt)}`,
        lines: [
          `${visit.technicianName || 'Your technician'} is on the way to ${place} and expects to arrive at about ${formats.time(visit.etaAt ?? visit.scheduledAt)}.`,
        ],
      };
    case 'visit_completed':
      return {
        subject: `Visit completed: ${visit.propertyName}`,
        lines: completedLines(visit, place),
        ...(context.portalUrl ? { link: { label: 'See the visit report', url: context.portalUrl } } : {}),
      };
    case 'visit_report':
      // The report's e-mail is its own (visits/visit-report-mail.ts), the same as when sent by hand.
      throw new Error('A visit report is written by the visit report, not here');
    case 'invoice_sent': {
      const due = typeof payload.dueDate === 'string' ? `, due ${formats.shortDay(payload.dueDate)}` : '';
      return {
        subject: `Invoice ${String(payload.invoiceNumber)} from ${context.business.name}`,
        lines: [`Invoice ${String(payload.invoiceNumber)} of ${formats.money(Number(payload.total))}${due} is ready.`],
        ...(context.portalUrl ? { link: { label: 'See the invoice and pay', url: context.portalUrl } } : {}),
      };
    }
  }
}

export function clientMessageMail(context: MessageContext): { subject: string; text: string; html: string } {
  const business = context.business.name || 'Rounds';
  const { subject, lines, link } = words(context);
  const greeting = `Dear ${context.clientName},`;
  const businessLines = [business, context.business.address, context.business.phone, context.business.email].filter(
    (line): line is string => Boolean(line),
  );
  const unsubscribe = `You get these e-mails as a client of ${business}. Unsubscribe: ${context.unsubscribeUrl}`;
  const text = [
    greeting,
    '',
    ...lines,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    ...businessLines,
    '',
    unsubscribe,
  ].join('\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(context.locality.locale)}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;font-size:15px;line-height:1.45">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(business)}</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''}
<p style="color:#555;font-size:13px">${businessLines.map(escapeHtml).join('<br>')}</p>
<p style="color:#555;font-size:12px">You get these e-mails as a client of ${escapeHtml(business)}.
<a href="${escapeHtml(context.unsubscribeUrl)}">Unsubscribe</a></p>
</body></html>`;
  return { subject: `${subject} · ${business}`, text, html };
}
