import { AUTH_MESSAGES } from '../../src/shared/schemas/auth';
import { expect, test } from './support/fixtures';

// The default e2e server has no GOOGLE_CLIENT_ID: the buttons stay, and say so instead of leaving.
for (const [path, button] of [
  ['/login', 'Sign in with Google'],
  ['/signup', 'Sign up with Google'],
] as const) {
  test(`without a Google client id, "${button}" on ${path} says it is not configured`, async ({ page }) => {
    await page.goto(path);
    await page.getByRole('button', { name: button }).click();
    await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.googleNotConfigured);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('button', { name: button })).toBeEnabled();
  });
}
