import { z } from 'zod';

// Points on the map (WGS 84 degrees): a property, the business's depot, a member's start and end.

export const COORDINATE_MESSAGES = {
  latitudeInvalid: 'Latitude must be a number from -90 to 90',
  longitudeInvalid: 'Longitude must be a number from -180 to 180',
  together: 'Give both latitude and longitude, or neither',
} as const;

export const latitude = z
  .number(COORDINATE_MESSAGES.latitudeInvalid)
  .min(-90, COORDINATE_MESSAGES.latitudeInvalid)
  .max(90, COORDINATE_MESSAGES.latitudeInvalid);

export const longitude = z
  .number(COORDINATE_MESSAGES.longitudeInvalid)
  .min(-180, COORDINATE_MESSAGES.longitudeInvalid)
  .max(180, COORDINATE_MESSAGES.longitudeInvalid);

/**
 * Both coordinates or neither (both left out, both null, or both numbers): a point with one
 * coordinate is no point. The issue names the missing one.
 */
export function bothOrNeither(
  value: Record<string, unknown>,
  ctx: z.RefinementCtx,
  [a, b]: readonly [string, string] = ['latitude', 'longitude'],
): void {
  const kind = (field: unknown) => (field === undefined ? 'absent' : field === null ? 'null' : 'set');
  if (kind(value[a]) === kind(value[b])) return;
  const missing = kind(value[a]) === 'set' ? b : a;
  ctx.addIssue({ code: 'custom', path: [missing], message: COORDINATE_MESSAGES.together });
}
