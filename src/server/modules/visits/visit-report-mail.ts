import type { Locality } from '../../../shared/locale';
import { fullAddress } from '../../../shared/place';
import type { VisitReportDto } from '../../../shared/schemas/visit-report';
import { reportTime } from './visit-report-pdf';

// The e-mail a visit report goes out in, by the mail rules invoices follow
// too: from the business, HTML and plain text alike, the PDF attached, no link (the
// client has no account to open it with).

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function visitReportMail(
  report: VisitReportDto,
  locality: Locality,
): { subject: string; text: string; html: string } {
  const business = report.business.name || 'Rounds';
  const day = reportTime(report.completedAt ?? report.scheduledAt, locality);
  const greeting = report.client ? `Dear ${report.client.name},` : 'Hello,';
  const intro = `Here is the report of our visit to ${report.property.name}, ${fullAddress(report.property)}, on ${day}.`;
  const done = report.tasks.filter((task) => task.status === 'completed').length;
  const summary = `${done} of ${report.tasks.length} ${report.tasks.length === 1 ? 'task' : 'tasks'} completed.`;
  const closing = 'The report is attached as a PDF. Reply to this e-mail with any question about it.';
  const businessLines = [
    report.business.name,
    report.business.address,
    report.business.phone,
    report.business.email,
  ].filter((line): line is string => Boolean(line));
  const text = [greeting, '', intro, summary, '', closing, '', ...businessLines].join('\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(locality.locale)}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;font-size:15px;line-height:1.45">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(business)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(summary)}</p>
<p>${escapeHtml(closing)}</p>
<p style="color:#555;font-size:13px">${businessLines.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject: `Visit report from ${business}: ${report.property.name}`, text, html };
}
