import dayjs from 'dayjs';

// The browser's clock, for inputs that are still on it. What people read is written by the
// business's formatters (useFormats, shared/formats.ts).

/** An ISO time as the value of an `<input type="datetime-local">` (local time, minutes). */
export const toLocalInput = (iso: string) => dayjs(iso).format('YYYY-MM-DDTHH:mm');

/**
 * The value of an `<input type="datetime-local">` ("YYYY-MM-DDTHH:mm", the browser's time zone)
 * as the ISO instant the API takes; '' when it is empty or not a date.
 */
export function localInputToIso(value: string): string {
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return '';
  // Without an offset, ECMAScript reads a date-time form as local time.
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}
