import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: when, what it asked, and who it said it was. */
export interface NominatimRequest {
  at: number;
  q: string;
  format: string | null;
  userAgent: string | undefined;
}

/**
 * A small fake of Nominatim's search API (`GET /search?format=jsonv2&q=`) on a free port: it
 * answers the places it is given (by the query, exactly as sent) with the documented jsonv2
 * shape (`lat` and `lon` as strings), an empty array for others, and keeps every request.
 */
export async function startNominatim(places: Record<string, { lat: number; lon: number }> = {}) {
  const requests: NominatimRequest[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== '/search') {
      response.writeHead(404).end();
      return;
    }
    const q = url.searchParams.get('q') ?? '';
    requests.push({
      at: Date.now(),
      q,
      format: url.searchParams.get('format'),
      userAgent: request.headers['user-agent'],
    });
    const place = places[q];
    const body = place
      ? [
          {
            place_id: 1,
            licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
            lat: String(place.lat),
            lon: String(place.lon),
            category: 'place',
            type: 'house',
            place_rank: 30,
            importance: 0.1,
            addresstype: 'place',
            display_name: q,
            boundingbox: [String(place.lat), String(place.lat), String(place.lon), String(place.lon)],
          },
        ]
      : [];
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    places,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
