import { RRuleTemporal } from 'rrule-temporal';
import { Temporal } from 'temporal-polyfill';
import { SERIES_MAX_OCCURRENCES, SERIES_MESSAGES } from '../../../shared/messages/series';
import { isTimeZone } from '../../../shared/schemas/series';
import { formatRule, parseRule, type RuleParts } from '../../../shared/series-words';
import { badRequest } from '../../errors';

// The rule engine of visit series. The RRULE is read in the series' IANA zone from a
// DTSTART that is `startsAt` seen in that zone, so every occurrence keeps startsAt's local
// wall-clock time (09:00 in New York stays 09:00 across daylight-saving changes), whatever the
// server's own zone is. rrule-temporal does the expansion; temporal-polyfill is passed in so
// its answers are our Temporal's types (Node 20 has no global Temporal). Server-only module.

export interface SeriesRule {
  startsAt: Date;
  timeZone: string;
  /** Without DTSTART: `FREQ=WEEKLY;BYDAY=MO,TH;COUNT=10`. */
  rrule: string;
}

const invalidRule = () => badRequest(SERIES_MESSAGES.rruleInvalid, { rrule: SERIES_MESSAGES.rruleInvalid });

function build(rule: SeriesRule, parts: RuleParts): RRuleTemporal {
  let dtstart: Temporal.ZonedDateTime;
  try {
    dtstart = Temporal.Instant.fromEpochMilliseconds(rule.startsAt.getTime()).toZonedDateTimeISO(rule.timeZone);
  } catch {
    throw badRequest(SERIES_MESSAGES.timeZoneInvalid, { timeZone: SERIES_MESSAGES.timeZoneInvalid });
  }
  try {
    return new RRuleTemporal({ temporal: Temporal, rruleString: formatRule(parts), dtstart });
  } catch {
    throw invalidRule();
  }
}

function parsed(rule: SeriesRule): { parts: RuleParts; engine: RRuleTemporal } {
  if (!isTimeZone(rule.timeZone)) {
    throw badRequest(SERIES_MESSAGES.timeZoneInvalid, { timeZone: SERIES_MESSAGES.timeZoneInvalid });
  }
  const parts = parseRule(rule.rrule);
  if (!parts) throw invalidRule();
  return { parts, engine: build(rule, parts) };
}

const toDate = (value: { epochMilliseconds: number }) => new Date(value.epochMilliseconds);

/**
 * Checks a rule as create, edit and preview do: 400 `rruleInvalid` for a rule we do not take
 * (HOURLY, BYHOUR, out-of-range values, one that never occurs), `timeZoneInvalid`, and
 * `tooManyOccurrences` for a bounded rule (COUNT or UNTIL) over 500 visits. An endless rule is
 * fine: it is only ever made 90 days ahead, but not when more than 500 would be made at once
 * (`madeBefore`: the horizon; a start years ago). Returns the rule in its normal form.
 */
export function checkRule(rule: SeriesRule, options: { madeBefore?: Date } = {}): string {
  const { parts, engine } = parsed(rule);
  if ((parts.count ?? 0) > SERIES_MAX_OCCURRENCES) throw tooMany();
  const { madeBefore } = options;
  let first: Date[];
  let madeNow = 0;
  try {
    // One occurrence shows the rule is real; an UNTIL rule is counted just past the cap.
    first = take(engine, parts.until !== null ? SERIES_MAX_OCCURRENCES + 1 : 1);
    // What would be made at once (up to the horizon) counts too: an endless daily rule from years ago is refused.
    if (madeBefore && first.length > 0) {
      madeNow = engine.all(
        (date, index) => index <= SERIES_MAX_OCCURRENCES && date.epochMilliseconds < madeBefore.getTime(),
      ).length;
    }
  } catch {
    // rrule-temporal gives up on a rule that never matches (30 February) after 10,000 periods.
    throw invalidRule();
  }
  if (first.length === 0) throw invalidRule();
  if (first.length > SERIES_MAX_OCCURRENCES || madeNow > SERIES_MAX_OCCURRENCES) throw tooMany();
  return formatRule(parts);
}

const tooMany = () => badRequest(SERIES_MESSAGES.tooManyOccurrences, { rrule: SERIES_MESSAGES.tooManyOccurrences });

function take(engine: RRuleTemporal, count: number): Date[] {
  return engine.all((_, index) => index < count).map(toDate);
}

/** The first `count` instants of the rule (the preview: past the horizon too). */
export function firstOccurrences(rule: SeriesRule, count: number): Date[] {
  const { engine } = parsed(rule);
  return expand(() => take(engine, count));
}

/** The engine's answer; its giving up (a rule that stops matching) is the rule's fault: 400. */
function expand<T>(run: () => T): T {
  try {
    return run();
  } catch {
    throw invalidRule();
  }
}

/** The rule's instants in [from, before), oldest first. */
export function occurrencesBetween(rule: SeriesRule, from: Date, before: Date): Date[] {
  if (before <= from) return [];
  const { engine } = parsed(rule);
  return expand(() => engine.between(from, before, true))
    .map(toDate)
    .filter((date) => date >= from && date < before);
}

/** How many of the rule's instants come before `instant`. */
export function countBefore(rule: SeriesRule, instant: Date): number {
  const { engine } = parsed(rule);
  return expand(() => engine.all((date) => date.epochMilliseconds < instant.getTime())).length;
}

/**
 * The rule cut so its last instant is before `instant` (the older half of a split series):
 * COUNT gives way to UNTIL one second before, in UTC as RFC 5545 wants with a zoned DTSTART.
 */
export function endBefore(rrule: string, instant: Date): string {
  const parts = parseRule(rrule);
  if (!parts) throw invalidRule();
  const until = new Date(instant.getTime() - 1000)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
  return formatRule({ ...parts, count: null, until });
}

/** The rule with COUNT lowered by the instants already made before a split. */
export function withCountReduced(rrule: string, made: number): string {
  const parts = parseRule(rrule);
  if (!parts || parts.count === null) return rrule;
  return formatRule({ ...parts, count: Math.max(1, parts.count - made) });
}
