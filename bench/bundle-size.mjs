// Measures the gzipped JavaScript and CSS that /login loads first: the entry chunk, the login
// route's lazy chunk, and everything they import statically. Usage: node bench/bundle-size.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = mkdtempSync(path.join(tmpdir(), 'rounds-bundle-'));
try {
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--manifest', '--outDir', outDir],
    {
      stdio: 'inherit',
    },
  );
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loginKey = Object.keys(manifest).find((key) => key.endsWith('features/auth/login-page.tsx'));
  if (!entryKey || !loginKey) throw new Error('entry or login chunk not found in the manifest');

  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  visit(entryKey);
  visit(loginKey);

  const gz = (file) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
  const files = [...seen].map((key) => manifest[key].file);
  const css = [...new Set([...seen].flatMap((key) => manifest[key].css ?? []))];
  const jsBytes = files.reduce((sum, file) => sum + gz(file), 0);
  const cssBytes = css.reduce((sum, file) => sum + gz(file), 0);
  // What the login page imports dynamically (its schemas, fetched right after the first render).
  const later = new Set();
  const visitLater = (key) => {
    if (seen.has(key) || later.has(key)) return;
    later.add(key);
    for (const child of manifest[key].imports ?? []) visitLater(child);
  };
  const entryClosure = new Set();
  const visitEntry = (key) => {
    if (entryClosure.has(key)) return;
    entryClosure.add(key);
    for (const child of manifest[key].imports ?? []) visitEntry(child);
  };
  visitEntry(entryKey);
  for (const key of [...seen].filter((chunk) => !entryClosure.has(chunk))) {
    for (const dynamic of manifest[key].dynamicImports ?? []) visitLater(dynamic);
  }
  const laterBytes = [...later].reduce((sum, key) => sum + gz(manifest[key].file), 0);

  for (const file of files) console.log(`  ${file.padEnd(48)} ${(gz(file) / 1024).toFixed(1)} KB gz`);
  console.log(`JavaScript /login loads first: ${(jsBytes / 1024).toFixed(1)} KB gzipped in ${files.length} files`);
  console.log(`CSS /login loads first:        ${(cssBytes / 1024).toFixed(1)} KB gzipped`);
  console.log(`JavaScript fetched after the first render (form schemas): ${(laterBytes / 1024).toFixed(1)} KB gzipped`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
