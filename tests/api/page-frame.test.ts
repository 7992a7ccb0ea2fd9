import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../support/factories';
import { createTestApp, type TestApp } from '../support/test-app';

// A signed-in visit to a landing page gets the page's frame (header, heading,
// navigation bar) in its HTML, so a phone paints it before the JavaScript has run.

const INDEX = '<!doctype html><html><head><title>Rounds</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let user: TestUser;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'rounds-frame-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  t = await createTestApp({ CLIENT_DIR: clientDir });
  user = await createUser(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

const open = (url: string, headers: Record<string, string> = {}) => t.app.request(url, { headers });
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];

describe('the frame of a landing page', () => {
  it('is in the dashboard’s and Today’s HTML for a signed-in visit, before #root, hidden from assistive technology', async () => {
    for (const [url, title] of [
      ['/dashboard', 'Dashboard'],
      ['/today', 'Today'],
      ['/dashboard/', 'Dashboard'],
    ] as const) {
      const page = await open(url, { cookie: user.cookie });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.headers.get('vary')).toMatch(/Cookie/);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      expect(heading(html), url).toBe(title);
      expect(html).toMatch(/<body><div id="page-frame" aria-hidden="true">/);
      expect(html.indexOf('id="page-frame"')).toBeLessThan(html.indexOf('id="root"'));
      // A picture only: nothing in it can be focused or pressed, and no script runs from it.
      const frame = html.slice(html.indexOf('id="page-frame"'), html.indexOf('<div id="root"'));
      expect(frame).not.toMatch(/<(a|button|input|script)\b/);
    }
  });

  it('is not sent signed out, with a cookie that does not verify, or on other pages', async () => {
    const signedOut = await (await open('/dashboard')).text();
    expect(signedOut).toBe(INDEX);
    const forged = user.cookie.replace(/=([^.;]+)\.[^;]+/, '=$1.Zm9yZ2Vk');
    expect(await (await open('/dashboard', { cookie: forged })).text()).toBe(INDEX);
    expect(await (await open('/resources/properties', { cookie: user.cookie })).text()).toBe(INDEX);
  });

  it('is not sent for a session that was signed out elsewhere', async () => {
    const other = await createUser(t);
    await t.auth.api.signOut({ headers: new Headers({ cookie: other.cookie }) });
    expect(await (await open('/today', { cookie: other.cookie })).text()).toBe(INDEX);
  });

  it('comes compressed as the browser accepts it', async () => {
    const br = await open('/dashboard', { cookie: user.cookie, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(heading(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toBe('Dashboard');
    const gzip = await open('/dashboard', { cookie: user.cookie, 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(heading(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toBe('Dashboard');
  });
});
