import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Writes .gz and .br beside every text asset, served as-is by the server (no compression per request). */
function precompress(): Plugin {
  let outDir = 'dist/client';
  return {
    name: 'rounds-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every other plugin's files (the service worker included) are written.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const file = path.join(dir, name);
            return statSync(file).isDirectory() ? walk(file) : [file];
          });
        for (const file of walk(outDir).filter((name) => /\.(js|css|html|svg|json)$/.test(name))) {
          const content = readFileSync(file);
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(content));
        }
      },
    },
  };
}

/** Changes with every build: the persisted query cache of an older build is thrown away (issue 17). */
const BUILD_ID = new Date().toISOString();

/**
 * Field mode (issue 17): the web app manifest and a Workbox service worker that precaches the app
 * shell and every route chunk, so /today opens with no network. Updates wait for the user
 * ('New version available — Reload'): registerType 'prompt'. The worker is registered by the
 * signed-in shell (src/client/shell/pwa-update-prompt.tsx), never by /login.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: null,
  includeAssets: ['apple-touch-icon.png'],
  manifest: {
    name: 'Rounds',
    short_name: 'Rounds',
    description: 'Property visits, tasks, notes and photos',
    start_url: '/today',
    scope: '/',
    display: 'standalone',
    theme_color: '#228be6',
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,png,svg,woff2}'],
    navigateFallback: '/index.html',
    // The API (and better-auth's callbacks under it) is never answered with the app shell.
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Thumbnails of the user's own photos, for /today offline. Private: cleared on sign-out.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/photos\/[^/]+\/thumbnail$/.test(url.pathname),
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'rounds-photo-thumbnails',
          expiration: { maxEntries: 500, maxAgeSeconds: 7 * 24 * 3600 },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  plugins: [react(), pwa, precompress()],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  // es2022: the entry awaits a paint at its top level when the server drew the page's frame (early-loads.ts).
  build: { outDir: process.env.VITE_OUT_DIR ?? 'dist/client', emptyOutDir: true, sourcemap: false, target: 'es2022' },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});
