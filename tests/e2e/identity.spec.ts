import type { Page } from '@playwright/test';
import { linkIn, waitForMail } from '../support/outbox';
import { auditPage } from './support/axe';
import { apiClient } from './support/api';
import { expect, newEmail, signUpViaApi, test } from './support/fixtures';

// Proven addresses. Every link is read from the server's .eml outbox and followed in
// Chromium, as the person at that address would.

const VERIFY = /^Verify your e-mail address/;

test('a new user verifies the address from the e-mail; until then the banner says so, with Resend', async ({
  page,
  server,
}) => {
  const email = newEmail('fresh');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('quiet-harbour-7');
  await page.getByLabel('Confirm password').fill('quiet-harbour-7');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/); // spec: sign-up lands on the dashboard

  const banner = page.getByRole('alert', { name: 'E-mail address not verified' });
  await expect(banner).toContainText(`Check your inbox to verify ${email}`);
  // The user can work in their own records meanwhile.
  const property = await apiClient(page.request, server.baseURL).post('/api/properties', {
    name: 'Own Place',
    address: '1 Mine St',
  });
  expect(property.id).toBeTruthy();

  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner.getByRole('status')).toHaveText('We sent you a new link. It works for 24 hours.');
  // The sign-up's mail and the one 'Resend' asked for.
  const second = await waitForMail(server.dataDir, email, VERIFY, { after: 1 });

  // The link opens a page with one button: opening it (as a mail scanner would) verifies nothing.
  await page.goto(linkIn(second, '/verify-email/'));
  await expect(page.getByRole('heading', { name: 'Verify your e-mail address', level: 1 })).toBeVisible();
  const linkAudit = await auditPage(page, '/verify-email/:token');
  expect(linkAudit.details).toEqual([]);
  expect(linkAudit.width).toBe(390);
  expect(((await (await page.request.get('/api/me')).json()) as { emailVerified: boolean }).emailVerified).toBe(false);
  await page.getByRole('button', { name: 'Verify my e-mail' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole('status')).toHaveText('Your e-mail address is verified.');
  const audit = await auditPage(page, '/verify-email');
  expect(audit.details).toEqual([]);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(`Check your inbox to verify ${email}`)).toHaveCount(0);
});

test('forgot password: the e-mailed link sets a new password once; every old session ends', async ({
  page,
  user,
  browser,
  server,
}) => {
  const signedOut = await browser.newContext(server.contextOptions);
  const phone = await signedOut.newPage();
  await phone.goto('/login');
  await phone.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(phone).toHaveURL(/\/forgot-password$/);
  expect((await auditPage(phone, '/forgot-password')).details).toEqual([]);
  await phone.getByLabel('Email').fill(user.email);
  await phone.getByRole('button', { name: 'Send reset link' }).click();
  await expect(phone.getByRole('status')).toHaveText(
    `If an account exists for ${user.email}, we sent it a link to choose a new password. The link works for one hour.`,
  );

  const mail = await waitForMail(server.dataDir, user.email, /^Reset your Rounds password/);
  const link = linkIn(mail, '/api/auth/reset-password/');
  await phone.goto(link);
  await expect(phone).toHaveURL(/\/reset-password\?token=/);
  expect((await auditPage(phone, '/reset-password')).details).toEqual([]);
  await phone.getByRole('textbox', { name: 'New password', exact: true }).fill('123456');
  await phone.getByLabel('Confirm password').fill('123456');
  await phone.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    phone.getByText('This password is too common. Choose one that is harder to guess.').first(),
  ).toBeVisible();
  await phone.getByRole('textbox', { name: 'New password', exact: true }).fill('a-new-harbour-8');
  await phone.getByLabel('Confirm password').fill('a-new-harbour-8');
  await phone.getByRole('button', { name: 'Set new password' }).click();
  await expect(phone).toHaveURL(/\/login$/);
  await expect(phone.getByRole('status')).toHaveText('Your password has been changed. Sign in with your new password.');

  await phone.getByLabel('Email').fill(user.email);
  await phone.getByRole('textbox', { name: 'Password', exact: true }).fill('a-new-harbour-8');
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);

  // The session the other browser had is gone; the link does nothing a second time.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'This link to reset your password is not valid or has expired. Ask for a new one.',
  );
  await signedOut.close();
});

// The invitation takeover (high): whoever signs up first with an invited address
// used to accept the invitation and remove the inviter. The invitation is to join a
// workspace, sent from its Members page.
test('the invitation takeover fails: the attacker with the invited address sees and holds nothing; the address owner gets in', async ({
  page,
  user: owner,
  browser,
  server,
}) => {
  const partnerEmail = newEmail('partner');
  const business = `Shared Villas ${Date.now()}`;
  const { workspace } = (await (await page.request.get('/api/me')).json()) as { workspace: { id: string } };
  await apiClient(page.request, server.baseURL).patch(`/api/workspaces/${workspace.id}`, { name: business });
  const ownerId = await idOf(page);

  // The owner invites partner@ as owner from Members; the invitation is e-mailed.
  await page.goto('/settings/members');
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByLabel('Email').fill(partnerEmail);
  await form.getByRole('combobox', { name: 'Role' }).selectOption('owner');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(form.getByRole('status')).toContainText(`Invitation sent to ${partnerEmail}`);
  await expect(
    page.getByRole('list', { name: 'Invitations' }).getByRole('listitem', { name: partnerEmail }),
  ).toBeVisible();
  const invitationMail = await waitForMail(server.dataDir, partnerEmail, new RegExp(`invited to join ${business}`));
  expect(invitationMail.replyTo?.value[0]?.address).toBe(owner.email);
  const invitations = await page.request.get(`/api/workspaces/${workspace.id}/invitations`);
  const [invitation] = ((await invitations.json()) as { items: { id: string }[] }).items;

  // The attacker signs up first with the address (without its inbox).
  const attackerContext = await browser.newContext(server.contextOptions);
  const attacker = await attackerContext.newPage();
  await signUpViaApi(
    attacker.request,
    server,
    { email: partnerEmail, password: 'attacker-harbour-1' },
    {
      verified: false,
    },
  );
  await attacker.goto('/dashboard');
  await expect(attacker.getByText(`Check your inbox to verify ${partnerEmail}`)).toBeVisible();
  await expect(attacker.getByRole('heading', { name: 'Invitations' })).toHaveCount(0);
  await expect(attacker.getByText(business)).toHaveCount(0);
  expect(((await (await attacker.request.get('/api/invitations')).json()) as { items: unknown[] }).items).toEqual([]);
  const accept = await attacker.request.post(`/api/invitations/${invitation!.id}/accept`);
  expect(accept.status()).toBe(403);
  const removeOwner = await attacker.request.delete(`/api/workspaces/${workspace.id}/members/${ownerId}`);
  expect(removeOwner.status()).toBe(404);
  expect((await attacker.request.get(`/api/workspaces/${workspace.id}`)).status()).toBe(404);

  // The address's real owner follows the invitation mail's link, takes the account back with
  // 'Forgot password?' (the e-mail proves the address), and accepts.
  const partnerContext = await browser.newContext(server.contextOptions);
  const partner = await partnerContext.newPage();
  await partner.goto(linkIn(invitationMail, '/invitations/'));
  await expect(partner.getByRole('heading', { name: `Join ${business}` })).toBeVisible();
  await partner.getByRole('link', { name: 'Sign in' }).click();
  await expect(partner).toHaveURL(/\/login\?next=/);
  await partner.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(partner).toHaveURL(/\/forgot-password$/);
  // The address changes before the page's code arrives; /login's own Email field would lose the typing.
  await expect(partner.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await partner.getByLabel('Email').fill(partnerEmail);
  await partner.getByRole('button', { name: 'Send reset link' }).click();
  const reset = await waitForMail(server.dataDir, partnerEmail, /^Reset your Rounds password/);
  await partner.goto(linkIn(reset, '/api/auth/reset-password/'));
  await partner.getByRole('textbox', { name: 'New password', exact: true }).fill('partners-harbour-3');
  await partner.getByLabel('Confirm password').fill('partners-harbour-3');
  await partner.getByRole('button', { name: 'Set new password' }).click();
  await expect(partner).toHaveURL(/\/login$/);
  await partner.getByLabel('Email').fill(partnerEmail);
  await partner.getByRole('textbox', { name: 'Password', exact: true }).fill('partners-harbour-3');
  await partner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(partner).toHaveURL(/\/dashboard$/);
  const card = partner.getByRole('listitem', { name: `Invitation to ${business}` });
  await expect(card).toContainText(`From ${owner.email}`);
  await card.getByRole('button', { name: 'Accept' }).click();
  // Accepting opens the business in this tab.
  await expect(partner.getByRole('button', { name: `Workspace: ${business}` })).toContainText('owner');
  await expect(partner).toHaveURL(/\/dashboard$/);

  // Even as an owner there, the partner cannot remove or demote the person who invited them.
  await partner.goto('/settings/members');
  const inviterRow = partner.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: owner.email });
  await expect(inviterRow.getByLabel('Role: owner')).toBeVisible();
  await expect(inviterRow.getByRole('button', { name: /Remove/ })).toHaveCount(0);
  const removeInviter = await partner.request.delete(`/api/workspaces/${workspace.id}/members/${ownerId}`);
  expect(removeInviter.status()).toBe(403);

  // The attacker holds nothing: signed out, the password refused, the business invisible.
  expect((await attacker.request.get('/api/me')).status()).toBe(401);
  const signIn = await attacker.request.post('/api/auth/sign-in/email', {
    data: { email: partnerEmail, password: 'attacker-harbour-1' },
  });
  expect(signIn.status()).toBe(401);
  // And the owner keeps the business.
  expect((await page.request.get(`/api/workspaces/${workspace.id}`)).status()).toBe(200);
  await attackerContext.close();
  await partnerContext.close();
});

async function idOf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/me')).json()) as { id: string }).id;
}
