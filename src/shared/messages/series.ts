// The texts of visit series and the calendar feed. Free of zod, like the other messages.

export const SERIES_MESSAGES = {
  notFound: 'Visit series not found',
  startsAtRequired: 'Please select the first date and time',
  timeZoneInvalid: 'Please choose a valid time zone',
  rruleRequired: 'Please choose how the visit repeats',
  rruleInvalid: 'This repeat rule is not valid',
  tooManyOccurrences: 'A series can make at most 500 visits',
  saveFailed: 'Failed to save visit series',
  feedNotFound: 'Calendar feed not found',
  subscribe: 'Subscribe in your calendar',
} as const;

/** Which visits an edit or delete of one occurrence applies to. */
export const SERIES_SCOPES = ['this', 'following', 'all'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
export const SERIES_SCOPE_LABELS: Record<SeriesScope, string> = {
  this: 'This visit',
  following: 'This and following',
  all: 'All visits in the series',
};

/** Occurrences are made this far ahead; the horizon job moves it forward daily. */
export const SERIES_HORIZON_DAYS = 90;
/** A bounded rule (COUNT or UNTIL) may make at most this many visits. */
export const SERIES_MAX_OCCURRENCES = 500;
/** `POST /api/visit-series/preview` gives at most this many instants. */
export const SERIES_MAX_PREVIEW = 50;
