// A preload for the server (`node --import ./bench/capture-sql.mjs dist/server/main.js`) that
// records the SQL statements of chosen requests. With BENCH_CAPTURE_FILE set, each request
// carrying an `x-bench-capture: <tag>` header runs in an async context holding the tag, and
// every pg query issued in that context is appended to the file as one JSON line:
// { tag, text, values, name, rowMode, types } with the values as pg sends them (strings).
// On PGlite (no DATABASE_URL) its query() is recorded the same way.
// Requests without the header are not recorded, so the load itself is not slowed down.
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const file = process.env.BENCH_CAPTURE_FILE;

if (file) {
  // pg as the server resolves it (the project's node_modules), so we patch the same class.
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  const pg = require('pg');
  const { prepareValue } = require('pg/lib/utils');
  const requestTag = new AsyncLocalStorage();

  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, request, ...rest) {
    const tag = event === 'request' ? request.headers['x-bench-capture'] : undefined;
    if (typeof tag === 'string' && tag) return requestTag.run(tag, () => emit.call(this, event, request, ...rest));
    return emit.call(this, event, request, ...rest);
  };

  const wire = (value) => {
    const prepared = prepareValue(value);
    return Buffer.isBuffer(prepared) ? { base64: prepared.toString('base64') } : prepared;
  };

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, values, ...rest) {
    const tag = requestTag.getStore();
    if (tag && config) {
      const isText = typeof config === 'string';
      const given = isText ? values : (config.values ?? values);
      const statement = {
        tag,
        text: isText ? config : config.text,
        values: Array.isArray(given) ? given.map(wire) : [],
        name: isText ? undefined : config.name,
        rowMode: isText ? undefined : config.rowMode,
        types: !isText && Boolean(config.types),
      };
      appendFileSync(file, `${JSON.stringify(statement)}\n`);
    }
    return query.call(this, config, values, ...rest);
  };

  // The embedded PGlite (no DATABASE_URL): its query(text, params, options) is what drizzle calls.
  if (!process.env.DATABASE_URL) {
    const { PGlite } = await import('@electric-sql/pglite');
    const pgliteQuery = PGlite.prototype.query;
    PGlite.prototype.query = function (text, params, options) {
      const tag = requestTag.getStore();
      if (tag) {
        const statement = {
          tag,
          text,
          values: (params ?? []).map((value) => (value instanceof Date ? value.toISOString() : value)),
          rowMode: options?.rowMode,
          types: Boolean(options?.parsers),
        };
        appendFileSync(file, `${JSON.stringify(statement)}\n`);
      }
      return pgliteQuery.call(this, text, params, options);
    };
  }
}
