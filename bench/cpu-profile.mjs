// Summarises the .cpuprofile files `node --cpu-prof` wrote (bench/run.mjs --cpu-prof): the
// functions with the most self time, over every profile in the folder (one per server process).
//
//   node bench/cpu-profile.mjs <folder or file.cpuprofile> [--top 25]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO } from './harness.mjs';

const where = (url, line) => {
  if (!url) return '';
  const file = url.replace(/^file:\/\//, '');
  const short = file.includes('/node_modules/')
    ? file.slice(file.lastIndexOf('/node_modules/') + 14)
    : path.relative(REPO, file) || file;
  return `${short}:${line + 1}`;
};

/** Self time (ms) per function, from the samples and their time deltas. */
export function selfTimes(profile, into = new Map()) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    const key = `${name} ${where(callFrame.url, callFrame.lineNumber)}`.trim();
    into.set(key, (into.get(key) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return into;
}

/** The top `top` self times over the profiles in `target` (a folder or one file), as text. */
export function summariseProfiles(target, top = 25) {
  const files = statSync(target).isDirectory()
    ? readdirSync(target)
        .filter((name) => name.endsWith('.cpuprofile'))
        .map((name) => path.join(target, name))
    : [target];
  if (files.length === 0) return `no .cpuprofile in ${target}`;
  const times = new Map();
  for (const file of files) selfTimes(JSON.parse(readFileSync(file, 'utf8')), times);
  const total = [...times.values()].reduce((sum, ms) => sum + ms, 0);
  const busy = total - (times.get('(idle)') ?? 0);
  const rows = [...times.entries()]
    .filter(([key]) => key !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([key, ms]) => `${(ms / 1000).toFixed(2).padStart(8)} s ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${key}`,
    );
  return [
    `CPU profile (${files.length} file${files.length > 1 ? 's' : ''}): ${(total / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s not idle; top self times (% of not idle):`,
    ...rows,
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [target, flag, count] = process.argv.slice(2);
  if (!target) throw new Error('usage: node bench/cpu-profile.mjs <folder or file> [--top 25]');
  console.log(summariseProfiles(target, flag === '--top' ? Number(count) : 25));
}
