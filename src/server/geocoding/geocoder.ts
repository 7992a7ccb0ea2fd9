import type { LatLng } from '../../shared/route-optimiser';

// Turning an address into coordinates: one interface (ARCHITECTURE.md "Outside services"), off
// until GEOCODER_URL is set, with one adapter over the documented HTTP API of Nominatim
// (https://nominatim.org/release-docs/latest/api/Search/): the public nominatim.openstreetmap.org
// and self-hosted installations serve the same API.

export interface Geocoder {
  /** The best match for a one-line address; null when the geocoder knows no such place. */
  geocode(query: string): Promise<LatLng | null>;
}

export interface NominatimOptions {
  /** The base URL; `/search` is appended. */
  url: string;
  /** An e-mail or URL of the operator, in the User-Agent (the usage policy asks for one). */
  contact: string;
  /** The least time between two requests (the public server's policy: one a second). */
  intervalMs: number;
  /** For tests: the clock the queue waits on. */
  now?: () => number;
}

/** The User-Agent sent to the geocoder: the application, its version and how to reach its operator. */
export const geocoderUserAgent = (contact: string) => `Rounds/0.1 (${contact})`;

/**
 * The Nominatim adapter. Requests go one at a time through a queue, each sent at least
 * `intervalMs` after the answer to the one before arrived, whoever asks: the usage policy's 'an
 * absolute maximum of 1 request per second' holds for the whole process, as the server sees it
 * too (measured from the start of the previous request, a slow first connection let the next
 * request arrive under a second after it).
 */
export class NominatimGeocoder implements Geocoder {
  private queue: Promise<unknown> = Promise.resolve();
  private lastDone = -Infinity;
  private readonly now: () => number;

  constructor(private readonly options: NominatimOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  geocode(query: string): Promise<LatLng | null> {
    const turn = this.queue.then(() => this.request(query));
    // The next request waits for this one whether it succeeded or not.
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private async request(query: string): Promise<LatLng | null> {
    const wait = this.lastDone + this.options.intervalMs - this.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      return await this.ask(query);
    } finally {
      this.lastDone = this.now();
    }
  }

  private async ask(query: string): Promise<LatLng | null> {
    const url = new URL(`${this.options.url}/search`);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', '1');
    url.searchParams.set('q', query);
    const response = await fetch(url, {
      headers: { 'user-agent': geocoderUserAgent(this.options.contact), accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`The geocoder answered ${response.status}`);
    const places = (await response.json()) as unknown;
    if (!Array.isArray(places) || places.length === 0) return null;
    const [best] = places as { lat?: unknown; lon?: unknown }[];
    const lat = Number(best?.lat);
    const lng = Number(best?.lon);
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
      throw new Error('The geocoder answered a place without valid coordinates');
    }
    return { lat, lng };
  }
}

/** The configured geocoder, or null (off). */
export function openGeocoder(config: { geocoder: NominatimOptions | null }): Geocoder | null {
  return config.geocoder ? new NominatimGeocoder(config.geocoder) : null;
}
