// `npm run dev`: the API server (restarting on change) and Vite with hot reload on http://localhost:5173.
import { spawn } from 'node:child_process';

// Development is said here, and only here: the Vite origin is trusted only then.
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { stdio: 'inherit', env }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
