import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type IndexHtmlTransformContext, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

type OutputChunk = Extract<NonNullable<IndexHtmlTransformContext['bundle']>[string], { type: 'chunk' }>;

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

/**
 * index.html's entry (src/client/boot.ts) runs the app (main.tsx) through a dynamic import, so
 * that a page's frame painted by the server shows before the app is evaluated. The app's code
 * and what it imports are still fetched with the HTML: one modulepreload link each.
 */
function preloadApp(): Plugin {
  return {
    name: 'rounds-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const main = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith('/src/client/main.tsx')));
        if (!main) throw new Error('rounds-preload-app: no chunk for src/client/main.tsx');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const files = new Set<string>();
        const add = (chunk: OutputChunk | undefined) => {
          if (!chunk || chunk.isEntry || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const name of chunk.imports) add(byName.get(name));
        };
        add(main);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`)) // Vite links the entry's own imports
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * The preload lists of the app's lazy pages, without what is loaded anyway (/login's
 * budget). Each `import()` of a page carries the list of files to fetch with it, all kept in the
 * app's chunk, which every page loads. Left out: what the app's chunk itself imports (loaded
 * before any page), and for a page under the data layer (every page but the sign-in ones and
 * the portal) what `shell/guards` loads, which `preloadRoute` starts together with the page.
 */
function leanPreloads() {
  const always = new Set<string>();
  const withGuards = new Set<string>();
  const plugin: Plugin = {
    name: 'rounds-lean-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (chunk: OutputChunk | undefined, into: Set<string>) => {
        if (!chunk) return;
        for (const name of chunk.imports) {
          if (into.has(name)) continue;
          into.add(name);
          closure(byName.get(name), into);
        }
      };
      const find = (suffix: string) => chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(suffix)));
      const main = find('/src/client/main.tsx');
      closure(main, always);
      for (const chunk of chunks) if (chunk.isEntry) always.add(chunk.fileName);
      const guards = find('/src/client/shell/guards.tsx');
      if (guards) closure(guards, withGuards);
    },
  };
  const standalone =
    /(login-page|signup-page|forgot-password-page|reset-password-page|verify-email-page|clear-auth-page|portal-app|guards)-/;
  const resolveDependencies = (file: string, deps: string[]) =>
    deps.filter((dep) => !always.has(dep) && (standalone.test(file) || !withGuards.has(dep)));
  return { plugin, resolveDependencies };
}
const lean = leanPreloads();

/** The service worker's Background Sync of the queue of unsent changes, beside sw.js. */
const OUTBOX_SYNC_SCRIPT = 'outbox-sync.js';

/**
 * Builds src/client/sw/outbox-sync.ts (and the client code it shares with the page: the writes'
 * requests, `api()`, the queue's store) into one classic script, which the generated service
 * worker loads with `importScripts` (a worker script cannot be an ES module there).
 */
function outboxSyncWorker(): Plugin {
  const entry = fileURLToPath(new URL('./src/client/sw/outbox-sync.ts', import.meta.url));
  return {
    name: 'rounds-outbox-sync-worker',
    apply: 'build',
    async generateBundle() {
      const built = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        build: {
          write: false,
          minify: true,
          sourcemap: false,
          lib: { entry, formats: ['iife'], name: 'roundsOutboxSync', fileName: () => OUTBOX_SYNC_SCRIPT },
        },
      });
      const outputs = (Array.isArray(built) ? built : [built]) as Rolldown.RolldownOutput[];
      const chunk = outputs.flatMap((output) => output.output).find((file) => file.type === 'chunk');
      if (!chunk) throw new Error(`rounds-outbox-sync-worker: no script built from ${entry}`);
      this.emitFile({ type: 'asset', fileName: OUTBOX_SYNC_SCRIPT, source: chunk.code });
    },
  };
}

/** Changes with every build: the persisted query cache of an older build is thrown away. */
const BUILD_ID = new Date().toISOString();

/**
 * Field mode: the web app manifest and a Workbox service worker that precaches the app
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
    // Background Sync of the queue of unsent changes (src/client/sw/outbox-sync.ts).
    importScripts: [OUTBOX_SYNC_SCRIPT],
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
  plugins: [react(), preloadApp(), lean.plugin, outboxSyncWorker(), pwa, precompress()],
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    outDir: process.env.VITE_OUT_DIR ?? 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports has modulepreload (Safari from 17); one without it still
    // works, fetching the app when the entry asks for it.
    modulePreload: { polyfill: false, resolveDependencies: lean.resolveDependencies },
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What boot.ts itself imports stays out of the app's chunk: importing that chunk
            // would evaluate the app before the frame is painted.
            {
              name: 'boot',
              test: /(preload-helper|src[\\/]client[\\/]paths\.ts$|src[\\/]shared[\\/]page-titles\.ts$)/,
              priority: 1,
            },
            // The app (main.tsx) and everything it imports statically stay one chunk, as when it
            // was the entry: it always loads before any page, so what pages share with it is there.
            { name: 'main', test: /src[\\/]client[\\/]main\.tsx$/ },
            // How the business writes dates, times and amounts, with small modules every signed-in
            // page loads anyway (the query keys, the shared constants, the time-out hook): one
            // chunk, not several, so the app's preload map (in the main chunk, which /login loads)
            // stays short.
            {
              name: 'formats',
              test: /src[\\/](shared[\\/](formats|constants)|client[\\/]lib[\\/](locality|use-timed-out)|client[\\/]api[\\/]keys)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});
