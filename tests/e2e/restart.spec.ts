import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, newEmail, signInViaUi, test } from './support/fixtures';
import { startServer } from './support/server';

test('accounts survive a server restart on the same data folder', async ({ browser }) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-restart-'));
  const user = { email: newEmail('restart'), password: 'secret123' };
  try {
    const first = await startServer({ dataDir });
    const before = await browser.newPage({ baseURL: first.baseURL });
    await before.goto('/signup');
    await before.getByLabel('Email').fill(user.email);
    await before.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
    await before.getByRole('textbox', { name: 'Confirm password' }).fill(user.password);
    await before.getByRole('button', { name: 'Create account' }).click();
    await expect(before).toHaveURL(/\/dashboard$/);
    await before.close();
    await first.stop();

    const second = await startServer({ dataDir });
    const after = await browser.newPage({ baseURL: second.baseURL });
    await signInViaUi(after, user);
    await expect(after.getByTestId('dashboard-user')).toHaveText(user.email);
    await after.close();
    await second.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
