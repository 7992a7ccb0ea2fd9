// The route optimiser (src/shared/route-optimiser): the time to plan 40 stops for 4 technicians
// over seeded days (p50 and max, wall clock and this process's CPU time, single thread), and the
// gap to the exact optimum (HiGHS) on the seeded small days the tests judge.
// Usage: node bench/route-optimiser.mjs [--days 10] [--runs 3] [--skip-gap]
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import loadHighs from 'highs';
import { register } from 'tsx/esm/api';
import { percentile } from './support/percentile.mjs';

// The optimiser and its test days are TypeScript, loaded through tsx.
register();
const { optimiseRoutes } = await import('../src/shared/route-optimiser/index.ts');
const { EXACT_SEEDS, benchmarkDay, smallDay } = await import('../src/shared/route-optimiser/testing/instances.ts');
const { solveExactly } = await import('../src/shared/route-optimiser/testing/exact.ts');

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    'skip-gap': { type: 'boolean', default: false },
  },
});
const days = Math.min(Math.max(Number(values.days), 1), 100);
const runs = Math.min(Math.max(Number(values.runs), 1), 20);

console.log(
  `${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model}), Node ${process.versions.node}, load average ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);

// Warm-up: the first plans include the JIT's compilation.
for (let seed = 1000; seed < 1003; seed++) optimiseRoutes(benchmarkDay(seed), { seed });

const wall = [];
const cpu = [];
for (let seed = 1; seed <= days; seed++) {
  const input = benchmarkDay(seed);
  let plan;
  for (let run = 0; run < runs; run++) {
    const cpuBefore = process.cpuUsage();
    const began = performance.now();
    plan = optimiseRoutes(input, { seed });
    wall.push(performance.now() - began);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const placed = plan.routes.reduce((sum, route) => sum + route.stops.length, 0);
  console.log(
    `day ${seed}: ${placed} placed, ${plan.unplaced.length} unplaced, ${plan.totalDriveMinutes.toFixed(1)} min driving`,
  );
}
const ms = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms`;
};
console.log(`40 stops × 4 technicians, ${days} days × ${runs} runs: wall ${ms(wall)}; CPU ${ms(cpu)}`);

if (!values['skip-gap']) {
  const highs = await loadHighs();
  const gaps = [];
  let exactSeconds = 0;
  for (const seed of EXACT_SEEDS) {
    const { input, options } = smallDay(seed);
    const exact = solveExactly(highs, input, options);
    exactSeconds += exact.seconds;
    const plan = optimiseRoutes(input, options);
    const placed = plan.routes.reduce((sum, route) => sum + route.stops.length, 0);
    if (placed !== exact.placed) console.log(`day ${seed}: ${placed} placed, the optimum places ${exact.placed}`);
    gaps.push(exact.driveMinutes > 0 ? Math.max(0, plan.totalDriveMinutes / exact.driveMinutes - 1) : 0);
  }
  const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
  console.log(
    `Gap to the optimum on ${gaps.length} small days: mean ${(mean * 100).toFixed(3)} %, max ${(Math.max(...gaps) * 100).toFixed(3)} % (HiGHS took ${exactSeconds.toFixed(1)} s)`,
  );
}
