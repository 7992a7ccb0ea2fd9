// The browser tests drive Debian's Chromium. Install it when we can; otherwise stop and say so.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let canApt = false;
  try {
    execSync('command -v apt-get', { stdio: 'ignore' });
    canApt = true;
  } catch {
    canApt = false;
  }
  if (!isRoot || !canApt) {
    console.error(
      `Chromium was not found at ${CHROMIUM}. Install Debian's "chromium" package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium package for the browser tests...");
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (!existsSync(CHROMIUM)) {
    console.error(`Installing chromium did not produce ${CHROMIUM}.`);
    process.exit(1);
  }
}
