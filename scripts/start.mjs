// `npm start`: build whatever is missing or older than its sources (scripts/build.mjs), then
// serve the compiled server. The server process loads no TypeScript tooling and no devDependency.
import { spawn } from 'node:child_process';
import { build } from './build.mjs';

await build({ ifStale: true });

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
