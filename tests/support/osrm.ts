import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small fake of OSRM's table service (`GET /table/v1/driving/{lng,lat;…}?annotations=duration,distance`)
 * on a free port: every pair of distinct points is `seconds` and `metres` apart (the documented
 * answer: `code`, `durations` in seconds, `distances` in metres, `sources`, `destinations`); it
 * keeps each request's path.
 */
export async function startOsrm(leg: { seconds: number; metres: number }) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const match = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (!match) {
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'InvalidUrl' }));
      return;
    }
    requests.push(`${url.pathname}${url.search}`);
    const points = decodeURIComponent(match[1]!).split(';');
    const square = (value: number) => points.map((_, row) => points.map((__, column) => (row === column ? 0 : value)));
    const waypoint = (point: string) => ({ location: point.split(',').map(Number), name: '', distance: 0 });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(
      JSON.stringify({
        code: 'Ok',
        durations: square(leg.seconds),
        distances: square(leg.metres),
        sources: points.map(waypoint),
        destinations: points.map(waypoint),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
