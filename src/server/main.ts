import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { startDatabaseUpkeepJob, UPKEEP_INTERVAL_MS } from './jobs/database-upkeep';
import { repeatEvery } from './jobs/repeat';
import { forgetOldSends } from './mail/outgoing';
import { startSeriesHorizonJob } from './jobs/series-horizon';
import { messageWorkerDeps } from './jobs/message-deps';
import { startMessageWorker, startReminderJob } from './modules/notifications';
import { openGeocoder } from './geocoding/geocoder';
import { startGeocodingJob } from './geocoding/geocode-properties';

// One process by default. With WEB_CONCURRENCY=N (PostgreSQL only) this process migrates, runs
// the daily jobs and keeps N workers serving the same port (node:cluster); a worker that dies is
// replaced. Workers only serve requests.
//
// On SIGTERM (or SIGINT) the server stops accepting connections, lets the requests in flight
// finish within SHUTDOWN_GRACE_SECONDS, stops its background jobs (each finishing the run under
// way), and only then closes the database: a request is never left with a closed pool.

const config = loadConfig();

if (cluster.isWorker) {
  const database = openConfiguredDatabase(config);
  const stopServing = await serveRequests(config, database);
  onShutdown(async () => {
    await stopServing();
    await database.close();
  });
} else {
  if (config.env === 'production' && config.secretFromDataDir) {
    console.warn(
      `BETTER_AUTH_SECRET is not set: sessions are signed with the secret kept in ${config.dataDir}/auth-secret. ` +
        'Set BETTER_AUTH_SECRET to run copies of the server on other machines.',
    );
  }
  const database = openConfiguredDatabase(config);
  await migrateDatabase(database);
  // The embedded database has no autovacuum; this stands in for it.
  const stopUpkeep = startDatabaseUpkeepJob(database);
  // Series occurrences are made 90 days ahead; this moves the horizon at start and daily.
  const stopHorizonJob = startSeriesHorizonJob(database.db);
  // The client-message outbox's worker, and the reminders it sends.
  const stopMessages = startMessageWorker(messageWorkerDeps(database.db, config), config.messagePollMs);
  const stopReminders = startReminderJob(database.db);
  // The mail budget's ledger keeps what its limits look back at, a day, and a day's margin.
  const stopMailLedger = repeatEvery(UPKEEP_INTERVAL_MS, 'mail ledger pruning', () => forgetOldSends(database.db));
  // Properties without coordinates, placed by the geocoder when one is configured.
  const geocoder = openGeocoder(config);
  const stopGeocoding = geocoder ? startGeocodingJob(database.db, geocoder) : async () => {};
  const stopServing = config.processes > 1 ? superviseWorkers(config) : await serveRequests(config, database);
  onShutdown(async () => {
    // Requests first (a request may write a message the worker would send), then the jobs.
    await stopServing();
    await Promise.all([
      stopUpkeep(),
      stopHorizonJob(),
      stopMessages(),
      stopReminders(),
      stopMailLedger(),
      stopGeocoding(),
    ]);
    await database.close();
  });
}

function openConfiguredDatabase(config: Config): DatabaseHandle {
  return openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  );
}

/**
 * Listens on the port; resolves, once listening, with a function that stops: no new connections,
 * idle keep-alive connections closed, and the requests in flight given `config.shutdownGraceMs`
 * to answer before their connections are cut.
 */
async function serveRequests(config: Config, database: DatabaseHandle): Promise<() => Promise<void>> {
  const app = createApp({ config, db: database.db });
  const server = await new Promise<ServerType>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: config.port }, (info) => {
      if (cluster.isPrimary) console.log(`Rounds is listening on http://localhost:${info.port} (${where(config)})`);
      resolve(listening);
    });
  });
  return () => closeGracefully(server as Server, config.shutdownGraceMs);
}

/** Stops accepting, waits for the requests in flight (at most `graceMs`), then cuts what is left. */
async function closeGracefully(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // A keep-alive connection between requests would hold `close` open; a connection whose
  // request is under way answers first (its response says Connection: close).
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const outcome = await Promise.race([closed, late]);
  clearInterval(idle);
  clearTimeout(timer);
  if (outcome === 'late') {
    console.warn(`Requests still running after ${graceMs / 1000} s were cut off at shutdown`);
    server.closeAllConnections();
    await closed;
  }
}

/** Forks `config.processes` workers and replaces any that exits while we are not stopping. */
function superviseWorkers(config: Config): () => Promise<void> {
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const startedAt = Date.now();
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening += 1;
      if (listening === config.processes) {
        console.log(
          `Rounds is listening on http://localhost:${config.port} (${where(config)}, ${config.processes} processes)`,
        );
      }
    });
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      console.warn(`A server process exited (${signal ?? `code ${code}`}); starting another`);
      // One that dies at start-up (the database down, say) is not restarted in a tight loop.
      setTimeout(fork, Date.now() - startedAt < 5000 ? 1000 : 0);
    });
  };
  for (let index = 0; index < config.processes; index += 1) fork();

  return async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            worker.process.kill('SIGTERM');
          }),
      ),
    );
  };
}

function where(config: Config): string {
  return config.databaseUrl ? 'database: PostgreSQL' : `database: PGlite in ${config.dataDir}`;
}

function onShutdown(stop: () => Promise<void>) {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (cluster.isPrimary) console.log(`${signal} received, shutting down`);
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
