import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, newEmail, signInViaUi, test } from './support/fixtures';
import { startServer, type RunningServer } from './support/server';

test('accounts survive a server restart on the same data folder', async ({ browser }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-restart-'));
  const user = { email: newEmail('restart'), password: 'quiet-harbour-7' };
  const servers: RunningServer[] = [];
  const start = async () => {
    const server = await startServer({ dataDir });
    servers.push(server);
    return server;
  };
  try {
    const first = await start();
    const before = await browser.newPage(first.contextOptions);
    await before.goto('/signup');
    await before.getByLabel('Email').fill(user.email);
    await before.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await before.getByRole('textbox', { name: 'Confirm password' }).fill(user.password);
    await before.getByRole('button', { name: 'Create account' }).click();
    await expect(before).toHaveURL(/\/dashboard$/);
    await before.close();
    await first.stop();

    const second = await start();
    const after = await browser.newPage(second.contextOptions);
    await signInViaUi(after, user);
    await expect(after.getByTestId('dashboard-user')).toHaveText(user.email);
    await after.close();
    await second.stop();
  } finally {
    // A failing step must not leave a server running.
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
