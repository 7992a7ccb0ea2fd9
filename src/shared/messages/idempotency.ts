// Safe replays of writes a phone queued offline. Free of zod, like the other messages.

/** The request header naming a write; a UUID made by the client, one per queued change. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer that is the stored first answer, given again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** A key is remembered this long; after that it counts as never used. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const IDEMPOTENCY_MESSAGES = {
  keyNotUuid: 'Idempotency-Key must be a UUID',
  keyReused: 'This Idempotency-Key was already used for a different request',
  stillRunning: 'A request with this Idempotency-Key is still being processed; please try again shortly',
} as const;
