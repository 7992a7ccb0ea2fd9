// Photo uploads on the real server: starts `src/server/main.ts` on a free port with a
// fresh data folder (or DATABASE_URL), then measures
//  1. a 12 MP JPEG from upload to stored original and thumbnail (p50, p95),
//  2. the bytes of a 24-photo grid page (thumbnails) against their originals,
//  3. the server's resident memory while 1, 10 and 20 uploads of about 10 MB arrive at once.
// Usage: node bench/photos.mjs [--uploads 30]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

const { values } = parseArgs({ options: { uploads: { type: 'string', default: '30' } } });
const uploads = Math.min(Math.max(Number(values.uploads), 24), 100);

/**
 * A photo-like JPEG: coarse random shapes enlarged (detail a thumbnail keeps) plus fine grain
 * (detail only the full size has), so it compresses like a real photo at both sizes.
 */
async function photo(width, height, quality) {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 256;
  const coarse = Buffer.alloc(Math.ceil(width / 8) * Math.ceil(height / 8) * 3, 0).map(random);
  const raw = await sharp(coarse, { raw: { width: Math.ceil(width / 8), height: Math.ceil(height / 8), channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let index = 0; index < raw.length; index += 1)
    raw[index] = Math.max(0, Math.min(255, raw[index] + (random() % 41) - 20));
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rounds-bench-photos-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    AUTH_RATE_LIMIT_MAX: '100000',
    BETTER_AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** The server process's resident memory in MB, from /proc (Linux). */
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  for (let i = 0; ; i += 1) {
    if (i > 300) throw new Error('server did not start');
    if (
      await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password', name: '' }),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const property = await fetch(`${base}/api/properties`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench House', address: '1 Bench Road' }),
  }).then((r) => r.json());

  // The multipart body is built once per image, so the client spends its CPU on sending, not
  // on encoding (client and server share this machine's two cores).
  const boundary = 'rounds-bench-boundary';
  const bodies = new Map();
  const multipart = (bytes) => {
    if (!bodies.has(bytes)) {
      const field = (name, value) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      bodies.set(
        bytes,
        Buffer.concat([
          Buffer.from(field('attachableType', 'property') + field('attachableId', property.id)),
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      );
    }
    return bodies.get(bytes);
  };
  const upload = async (bytes) => {
    const body = multipart(bytes);
    const started = performance.now();
    const response = await fetch(`${base}/api/photos`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    await response.json();
    const elapsed = performance.now() - started;
    const server = Object.fromEntries(
      (response.headers.get('server-timing') ?? '').split(', ').map((part) => {
        const [name, duration] = part.split(';dur=');
        return [name, Number(duration)];
      }),
    );
    return { elapsed, server };
  };

  // 1. 12 MP (4000×3000) JPEGs, one after another.
  const twelve = await photo(4000, 3000, 92);
  await upload(twelve);
  const runs = [];
  for (let i = 0; i < uploads; i += 1) runs.push(await upload(twelve));
  const sorted = (pick) => runs.map(pick).sort((a, b) => a - b);
  const times = sorted((run) => run.elapsed);
  const serverTotal = sorted((run) => run.server.total);
  const serverImage = sorted((run) => run.server.image);

  // 2. A grid page of 24 thumbnails against the 24 originals.
  const page = await fetch(`${base}/api/photos?limit=24`, { headers: { cookie } }).then((r) => r.json());
  let thumbnailBytes = 0;
  for (const item of page.items) {
    thumbnailBytes += (await (await fetch(`${base}${item.thumbnailUrl}`, { headers: { cookie } })).arrayBuffer())
      .byteLength;
  }
  const originalBytes = page.items.reduce((sum, item) => sum + item.fileSize, 0);

  // 3. Resident memory while one, then 10, uploads of about 10 MB arrive at once: with the
  // bodies streamed to disk and image work bounded per core, ten cost about what one does.
  let ten = await photo(6000, 4500, 96);
  for (let quality = 95; ten.length >= 10 * 1024 * 1024; quality -= 2) ten = await photo(6000, 4500, quality);
  await upload(ten);
  const peakDuring = async (count) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 20);
    const started = performance.now();
    await Promise.all(Array.from({ length: count }, () => upload(ten)));
    clearInterval(sampler);
    return { before, peak, seconds: (performance.now() - started) / 1000 };
  };
  const memory = [];
  for (const count of [1, 10, 20]) memory.push([count, await peakDuring(count)]);

  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  console.log(`12 MP JPEG (${mb(twelve.length)}), ${uploads} uploads, upload to stored original and thumbnail:`);
  const line = (label, values) =>
    console.log(`  ${label}: p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms`);
  line('seen by the client', times);
  line('in the server (Server-Timing total)', serverTotal);
  line('of which re-encoding and thumbnail', serverImage);
  line(
    'of which receiving the body',
    sorted((run) => run.server.receive),
  );
  line(
    'of which storing and the row',
    sorted((run) => run.server.store),
  );
  console.log(`24-photo grid page: thumbnails ${mb(thumbnailBytes)} against originals ${mb(originalBytes)}`);
  console.log(`  = ${((thumbnailBytes / originalBytes) * 100).toFixed(2)} %`);
  console.log(`Uploads of ${mb(ten.length)} (6000×4500) arriving at once:`);
  for (const [count, run] of memory) {
    console.log(
      `  ${count}: ${run.seconds.toFixed(1)} s; server RSS ${run.before.toFixed(0)} MB before, peak ${run.peak.toFixed(0)} MB (+${(run.peak - run.before).toFixed(0)} MB)`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
