import dayjs from 'dayjs';

// Times are shown in the browser's time zone (Intl without a timeZone option).

// Made only where used (pure): a page that calls none of these does not carry them.
const dateFormat = /* @__PURE__ */ new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
});
const timeFormat = /* @__PURE__ */ new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** "Mon, Nov 23, 2026" */
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
/** "10:30 AM" */
export const formatTime = (iso: string) => timeFormat.format(new Date(iso));
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? `${formatDate(iso)}, ${formatTime(iso)}` : '—';

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

/** The browser's IANA time zone ("America/Los_Angeles"), named next to times people enter. */
export const timeZoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A calendar date ('2030-06-15', no time of day) as the browser shows dates: "Sat, Jun 15, 2030". */
export const formatDay = (date: string) => dateFormat.format(new Date(`${date}T12:00:00`));

/** Today, or `days` from today, in the browser's zone, as 'YYYY-MM-DD' (an input of type date). */
export const dayFromToday = (days = 0) => dayjs().add(days, 'day').format('YYYY-MM-DD');

/** The browser-local day of an instant, 'YYYY-MM-DD'. */
export const localDay = (iso: string) => dayjs(iso).format('YYYY-MM-DD');
