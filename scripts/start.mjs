// `npm start`: build the client if it is missing or older than its sources, then serve.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const built = path.resolve('dist/index.html');

function newestChange(entries) {
  let newest = 0;
  const visit = (file) => {
    const stat = statSync(file);
    if (stat.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of entries) if (existsSync(entry)) visit(entry);
  return newest;
}

const sources = ['index.html', 'vite.config.ts', 'src/client', 'src/shared', 'package-lock.json'];
if (!existsSync(built) || statSync(built).mtimeMs < newestChange(sources)) {
  console.log('Building the web client...');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
