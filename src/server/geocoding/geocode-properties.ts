import { and, asc, eq, sql } from 'drizzle-orm';
import { addressKey, geocodeQuery } from '../../shared/place';
import type { Database } from '../db/client';
import { geocodeResults, properties } from '../db/schema';
import type { Geocoder } from './geocoder';
import { onGeocodeWanted } from './wake';
import { repeatWhenWoken } from '../jobs/repeat';

// Properties made, or given a new address, without coordinates are placed by the geocoder in the
// background: a request never waits on it. Answers are kept by normalised address
// (geocode_results), so an address is asked once. Coordinates a person set are never overwritten.

/** How many waiting properties one run takes (at one request a second, about a minute's worth). */
const BATCH = 50;

/** Places the waiting properties; returns how many it looked at. A geocoder failure leaves the rest waiting. */
export async function geocodePendingProperties(db: Database, geocoder: Geocoder): Promise<number> {
  const waiting = await db
    .select({
      id: properties.id,
      address: properties.address,
      city: properties.city,
      state: properties.state,
      zipCode: properties.zipCode,
      country: properties.country,
    })
    .from(properties)
    .where(eq(properties.geocodePending, true))
    .orderBy(asc(properties.createdAt), asc(properties.id))
    .limit(BATCH);
  for (const property of waiting) {
    const query = geocodeQuery(property);
    const key = addressKey(query);
    const point = await knownOrAsked(db, geocoder, key, query);
    // Only if its address is still the one asked about and no person placed it meanwhile.
    const sameAddress = and(
      eq(properties.id, property.id),
      eq(properties.geocodePending, true),
      sql`${properties.address} is not distinct from ${property.address}`,
      sql`${properties.city} is not distinct from ${property.city}`,
      sql`${properties.state} is not distinct from ${property.state}`,
      sql`${properties.zipCode} is not distinct from ${property.zipCode}`,
      sql`${properties.country} is not distinct from ${property.country}`,
    );
    await db
      .update(properties)
      .set({
        geocodePending: false,
        ...(point
          ? {
              latitude: sql`case when ${properties.locationSource} = 'person' then ${properties.latitude} else ${point.lat}::double precision end`,
              longitude: sql`case when ${properties.locationSource} = 'person' then ${properties.longitude} else ${point.lng}::double precision end`,
              locationSource: sql`case when ${properties.locationSource} = 'person' then 'person' else 'geocoder' end`,
            }
          : {}),
      })
      .where(sameAddress);
  }
  return waiting.length;
}

/** The kept answer for the address, else the geocoder's (kept for next time). */
async function knownOrAsked(db: Database, geocoder: Geocoder, key: string, query: string) {
  const [known] = await db
    .select({ lat: geocodeResults.latitude, lng: geocodeResults.longitude })
    .from(geocodeResults)
    .where(eq(geocodeResults.addressKey, key));
  if (known) return known.lat === null || known.lng === null ? null : { lat: known.lat, lng: known.lng };
  const point = await geocoder.geocode(query);
  await db
    .insert(geocodeResults)
    .values({ addressKey: key, latitude: point?.lat ?? null, longitude: point?.lng ?? null })
    .onConflictDoNothing();
  return point;
}

/**
 * Runs `geocodePendingProperties` every `pollMs`, and soon after a property is made or moved
 * in this process; runs never overlap; a batch that was full runs again at once. Returns the stop.
 */
export function startGeocodingJob(db: Database, geocoder: Geocoder, pollMs = 60_000): () => Promise<void> {
  return repeatWhenWoken(
    pollMs,
    'geocoding job',
    async () => (await geocodePendingProperties(db, geocoder)) === BATCH,
    onGeocodeWanted,
  );
}
