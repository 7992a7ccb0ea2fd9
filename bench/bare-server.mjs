// The server at Node's limit. A bare `node:http` server with no framework,
// no session, no validation: `POST /statements` gives it, once, each endpoint's captured
// statements ({ key: [statement, …] } as bench/capture-sql.mjs writes them); then `GET /<key>`
// replays that endpoint's statements on one pg.Pool (max 10, like the app's) in order, with the
// same values, row modes and type parsers as the app (harness.mjs's pgReplayer), and answers
// `JSON.stringify` of the rows of every statement after the first (the first is the session
// look-up, which the app reads but does not send); when there is only one, of that one. Rows in
// array mode stay arrays: the bare server does not build objects the way the app's mapping does.
//
//   DATABASE_URL=… PORT=… node bench/bare-server.mjs      (bench/run.mjs starts it under taskset)
import http from 'node:http';
import pg from 'pg';
import { pgReplayer } from './harness.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => undefined);
const replays = new Map();

function answer(response, status, body) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

const server = http.createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/statements') {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const byKey = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      for (const [key, statements] of Object.entries(byKey)) replays.set(key, pgReplayer(pool, statements));
      answer(response, 200, JSON.stringify({ keys: [...replays.keys()] }));
    });
    return;
  }
  if (request.url === '/health') return answer(response, 200, '{"ok":true}');
  const replay = replays.get(request.url.slice(1));
  if (!replay) return answer(response, 404, '{"error":"unknown key"}');
  replay().then(
    (results) => {
      const sent = results.length > 1 ? results.slice(1) : results;
      answer(response, 200, JSON.stringify(sent.length === 1 ? sent[0].rows : sent.map((result) => result.rows)));
    },
    (error) => answer(response, 500, JSON.stringify({ error: error.message })),
  );
});

server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  pool.end().finally(() => process.exit(0));
});
