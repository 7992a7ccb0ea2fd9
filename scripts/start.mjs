// `npm start`: build whatever is missing or older than its sources (scripts/build.mjs), then
// serve the compiled server. The server process loads no TypeScript tooling and no devDependency.
import { spawn } from 'node:child_process';
import { build } from './build.mjs';

await build({ ifStale: true });

// The built server runs as production unless told otherwise; plain http://localhost
// still works (cookies are Secure only when PUBLIC_URL is https).
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
