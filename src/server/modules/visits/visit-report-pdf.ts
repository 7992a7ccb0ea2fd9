import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { formatsFor, type Locality } from '../../../shared/locale';
import { fullAddress } from '../../../shared/place';
import {
  INSPECTION_RESULT_LABELS,
  REPORT_PHOTO_TAG_LABELS,
  VISIT_REPORT_MESSAGES,
  VISIT_TASK_STATUS_LABELS,
  readingLine,
  type VisitReportDto,
  type VisitReportTaskDto,
} from '../../../shared/schemas/visit-report';
import { VISIT_ROLE_LABELS, VISIT_STATUS_LABELS } from '../../../shared/schemas/visits';
import { pdfmake } from '../../pdf';

// Issue 27 §7: the visit report as a PDF (src/server/pdf.ts: fonts embedded, no URL access).
// Its images (before/after thumbnails, the signature) come in as PNG bytes, never as links.

export interface ReportImages {
  /** PNG of each photo's thumbnail, by photo id; a photo whose file is gone is left out. */
  photos: Map<string, Buffer>;
  signature: Buffer | null;
}

type Margin = [number, number, number, number];

const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** 'Tue, Nov 24, 2026, 3:30 PM' (en-US), 'Tue, 24 Nov 2026, 15:30' (en-GB): the business's locale and zone. */
export const reportTime = (iso: string, locality: Locality) => formatsFor(locality).dateTime(iso);

const heading = (text: string): Content => ({ text, style: 'heading' });

function taskBlock(task: VisitReportTaskDto, images: ReportImages): Content {
  const reading = readingLine(task);
  const photos = task.photos.filter((photo) => images.photos.has(photo.id));
  return {
    stack: [
      {
        columns: [
          { text: task.name, bold: true, width: '*' },
          { text: VISIT_TASK_STATUS_LABELS[task.status], width: 'auto', alignment: 'right' },
        ],
      },
      ...(reading
        ? [
            {
              text: [
                reading,
                ...(task.readingFlagged
                  ? [{ text: `  ${VISIT_REPORT_MESSAGES.outOfRange}`, bold: true, color: '#b42318' }]
                  : []),
              ],
            },
          ]
        : []),
      ...(task.result
        ? [
            {
              text: `Result: ${INSPECTION_RESULT_LABELS[task.result]}`,
              bold: task.result === 'fail',
              color: task.result === 'fail' ? '#b42318' : undefined,
            },
          ]
        : []),
      ...(task.notes ? [{ text: `Note: ${task.notes}` }] : []),
      // The thumbnails, four to a row, each with its tag under it.
      ...chunk(photos, 4).map((row) => ({
        columns: row.map((photo) => ({
          width: 120,
          stack: [
            { image: dataUrl(images.photos.get(photo.id)!), fit: [110, 110] as [number, number] },
            { text: REPORT_PHOTO_TAG_LABELS[photo.tag], fontSize: 9, margin: [0, 2, 0, 0] as Margin },
          ],
        })),
        columnGap: 8,
        margin: [0, 6, 0, 0] as Margin,
      })),
    ],
    margin: [0, 0, 0, 10],
    unbreakable: photos.length <= 4,
  };
}

function chunk<T>(items: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let index = 0; index < items.length; index += size) rows.push(items.slice(index, index + size));
  return rows;
}

export function visitReportDocument(
  report: VisitReportDto,
  images: ReportImages,
  locality: Locality,
): TDocumentDefinitions {
  const when = (iso: string | null) => formatsFor(locality).dateTime(iso);
  const businessLines = [report.business.address, report.business.phone, report.business.email].filter(
    (line): line is string => Boolean(line),
  );
  const people = report.people.map(
    (person) => `${person.displayName || person.email} (${VISIT_ROLE_LABELS[person.role]})`,
  );
  const minutes = (value: number | null) => (value === null ? '—' : `${value} min`);

  return {
    info: { title: `Visit report: ${report.property.name}`, creator: 'Rounds' },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
    styles: { heading: { fontSize: 13, bold: true, margin: [0, 12, 0, 6] } },
    content: [
      {
        columns: [
          [
            { text: 'VISIT REPORT', fontSize: 20, bold: true },
            { text: `Status: ${VISIT_STATUS_LABELS[report.status]}` },
          ],
          [
            { text: report.business.name, bold: true, alignment: 'right' as const },
            ...businessLines.map((line) => ({ text: line, alignment: 'right' as const })),
          ],
        ],
        margin: [0, 0, 0, 12],
      },
      {
        columns: [
          [
            { text: 'Client', bold: true },
            ...(report.client
              ? [
                  report.client.name,
                  ...(report.client.company ? [report.client.company] : []),
                  ...(report.client.address ? [report.client.address] : []),
                ]
              : [{ text: 'No client', italics: true }]),
          ],
          [{ text: 'Property', bold: true }, report.property.name, fullAddress(report.property)],
        ],
      },
      heading('Visit'),
      {
        table: {
          widths: ['auto', '*'],
          body: [
            ['Scheduled', when(report.scheduledAt)],
            ['Started', when(report.startedAt)],
            ['Completed', when(report.completedAt)],
            ['Time on site', `${minutes(report.actualMinutes)} (estimated ${report.estimatedMinutes} min)`],
            ['People', people.length > 0 ? people.join(', ') : '—'],
          ],
        },
        layout: 'noBorders',
      },
      ...(report.overrideReason
        ? [
            {
              text: VISIT_REPORT_MESSAGES.completedAnyway(report.overrideReason),
              bold: true,
              margin: [0, 6, 0, 0] as Margin,
            },
          ]
        : []),
      heading('Tasks'),
      ...(report.tasks.length === 0
        ? [{ text: 'No tasks', italics: true }]
        : report.tasks.map((task) => taskBlock(task, images))),
      ...(report.notes.length > 0
        ? [
            heading('Notes'),
            ...report.notes.map((note) => ({
              stack: [
                { text: `${note.author}, ${when(note.createdAt)}`, fontSize: 9, color: '#555555' },
                { text: note.content },
              ],
              margin: [0, 0, 0, 6] as Margin,
            })),
          ]
        : []),
      heading('Signature'),
      ...(report.signature
        ? [
            ...(images.signature ? [{ image: dataUrl(images.signature), fit: [220, 90] as [number, number] }] : []),
            { text: `Signed by ${report.signature.signerName}, ${when(report.signature.signedAt)}` },
          ]
        : [{ text: VISIT_REPORT_MESSAGES.notSigned, italics: true }]),
    ],
  };
}

/** The report as PDF bytes. */
export async function renderVisitReportPdf(
  report: VisitReportDto,
  images: ReportImages,
  locality: Locality,
): Promise<Buffer> {
  return pdfmake.createPdf(visitReportDocument(report, images, locality)).getBuffer();
}
