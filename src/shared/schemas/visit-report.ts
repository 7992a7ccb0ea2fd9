import type { VisitStatus, VisitTaskStatus } from '../constants';
import type { InspectionResult, PhotoTag } from '../evidence';
import type { PropertySummary } from './summaries';
import type { VisitPersonDto, VisitSignatureDto } from './visits';

// The visit report: one shape for the page (`GET /api/visits/:id/report`), the PDF
// (`GET /api/visits/:id/report.pdf`) and the mail to the client (`POST /api/visits/:id/report/send`).

export const VISIT_REPORT_MESSAGES = {
  noClient: 'This property has no client to send the report to',
  clientWithoutEmail: 'The client has no e-mail address to send the report to',
  teamMember: 'Team member',
  sendOfficeOnly: 'Only owners and managers can send the visit report',
  sendFailed: (message: string) => `Failed to send the report: ${message}`,
  sent: 'Report sent',
  notSigned: 'Not signed',
  outOfRange: 'Out of range',
  completedAnyway: (reason: string) => `Completed anyway: ${reason}`,
} as const;

export const VISIT_TASK_STATUS_LABELS: Record<VisitTaskStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  completed: 'Completed',
  skipped: 'Skipped',
};

export const INSPECTION_RESULT_LABELS: Record<InspectionResult, string> = { pass: 'Pass', fail: 'Fail' };
export const REPORT_PHOTO_TAG_LABELS: Record<Exclude<PhotoTag, 'other'>, string> = {
  before: 'Before',
  after: 'After',
};

/** A before or after photo of a task, shown as its thumbnail. */
export interface VisitReportPhotoDto {
  id: string;
  tag: 'before' | 'after';
  caption: string | null;
  capturedAt: string | null;
  thumbnailUrl: string;
}

export interface VisitReportTaskDto {
  id: string;
  name: string;
  status: VisitTaskStatus;
  reading: number | null;
  /** The reading's unit and allowed range, when the task asks for a reading. */
  readingUnit: string | null;
  readingMin: number | null;
  readingMax: number | null;
  /** 'Out of range'. */
  readingFlagged: boolean;
  result: InspectionResult | null;
  /** The task's note, as the visit task's `notes`. */
  notes: string | null;
  /** Before photos first, then after, each in the order taken. */
  photos: VisitReportPhotoDto[];
}

export interface VisitReportDto {
  visitId: string;
  status: VisitStatus;
  /** Who the report is from: the business as it is now. */
  business: { name: string; address: string | null; phone: string | null; email: string | null };
  /** Who it is for; `email` only for whoever may send the report. */
  /** A technician gets the name and phone only (company, address and e-mail null). */
  client: {
    name: string;
    company: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
  } | null;
  property: PropertySummary;
  people: VisitPersonDto[];
  /** The workspace's time zone: the PDF's times are written in it. */
  timeZone: string;
  scheduledAt: string;
  startedAt: string | null;
  completedAt: string | null;
  estimatedMinutes: number;
  actualMinutes: number | null;
  tasks: VisitReportTaskDto[];
  /** The notes on the visit marked 'share with client', oldest first. */
  notes: {
    id: string;
    content: string;
    author: string;
    createdAt: string;
  }[];
  signature: VisitSignatureDto | null;
  overrideReason: string | null;
  reportSentAt: string | null;
  can: { send: boolean };
}

/** 'Visit report {property} {date}.pdf', in plain ASCII (it goes in a header and a mail). */
export function visitReportFileName(report: Pick<VisitReportDto, 'property' | 'scheduledAt'>): string {
  const name =
    report.property.name
      .replace(/[^A-Za-z0-9 _-]+/g, '')
      .replace(/\s+/g, ' ')
      .trim() || 'visit';
  return `Visit report ${name} ${report.scheduledAt.slice(0, 10)}.pdf`;
}

/** 'Reading: 4.2 ppm (1–3)', with the unit and the allowed range; null without a reading. */
export function readingLine(task: VisitReportTaskDto): string | null {
  if (task.reading === null) return null;
  const unit = task.readingUnit ? ` ${task.readingUnit}` : '';
  const range = task.readingMin !== null && task.readingMax !== null ? ` (${task.readingMin}–${task.readingMax})` : '';
  return `Reading: ${task.reading}${unit}${range}`;
}
