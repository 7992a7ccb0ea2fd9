// Where the embedded database's tail comes from. Preloaded into the server
// (`node --import bench/support/pglite-trace.mjs …`, bench/run.mjs --trace): times how long each
// statement and each transaction waited for PGlite's one connection and how long it held it,
// and how late the event loop ran. Each SIGUSR2 appends the percentiles since the last one to
// PGLITE_TRACE_FILE as a JSON line and starts a new window.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { percentile } from './percentile.mjs';

const samples = { queryWait: [], queryHeld: [], transactionWait: [], transactionHeld: [] };
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();

for (const [method, kind] of [
  ['_runExclusiveQuery', 'query'],
  ['_runExclusiveTransaction', 'transaction'],
]) {
  const original = PGlite.prototype[method];
  PGlite.prototype[method] = function traced(fn) {
    const asked = performance.now();
    return original.call(this, async () => {
      const got = performance.now();
      samples[`${kind}Wait`].push(got - asked);
      try {
        return await fn();
      } finally {
        samples[`${kind}Held`].push(performance.now() - got);
      }
    });
  };
}

const summary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? Number(percentile(sorted, q).toFixed(2)) : null);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
};

process.on('SIGUSR2', () => {
  const report = Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, summary(values)]));
  report.eventLoopDelay = {
    p50: Number((loop.percentile(50) / 1e6).toFixed(2)),
    p99: Number((loop.percentile(99) / 1e6).toFixed(2)),
    max: Number((loop.max / 1e6).toFixed(2)),
  };
  appendFileSync(process.env.PGLITE_TRACE_FILE, `${JSON.stringify(report)}\n`);
  for (const values of Object.values(samples)) values.length = 0;
  loop.reset();
});
