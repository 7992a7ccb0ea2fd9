import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { startSeriesHorizonJob } from './jobs/series-horizon';

const config = loadConfig();
const database = openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
await migrateDatabase(database);

const app = createApp({ config, db: database.db });
// Issue 18: series occurrences are made 90 days ahead; this moves the horizon at start and daily.
const stopHorizonJob = startSeriesHorizonJob(database.db);
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`Rounds is listening on http://localhost:${info.port} (database: ${where})`);
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received, shutting down`);
  stopHorizonJob();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
