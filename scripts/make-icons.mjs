// `node scripts/make-icons.mjs`: draws the app's icons (a white tick in a blue disc, the colour of
// the theme) into public/, where Vite copies them as they are. The outputs are committed; run this
// again only when the drawing changes.
import sharp from 'sharp';

const BLUE = '#228be6';
const tick = (size, scale) => {
  const c = size / 2;
  const s = (size * scale) / 2;
  return `<path d="M ${c - s * 0.55} ${c + s * 0.02} L ${c - s * 0.12} ${c + s * 0.42} L ${c + s * 0.58} ${c - s * 0.42}"
    fill="none" stroke="#fff" stroke-width="${s * 0.2}" stroke-linecap="round" stroke-linejoin="round"/>`;
};

/** `any`: a disc on transparent ground; `maskable`: a full square with the drawing inside the 80 % safe zone. */
const svg = (size, maskable) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  ${maskable ? `<rect width="${size}" height="${size}" fill="${BLUE}"/>` : `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2}" fill="${BLUE}"/>`}
  ${tick(size, maskable ? 0.6 : 0.8)}
</svg>`);

for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  await sharp(svg(size, maskable)).png({ compressionLevel: 9 }).toFile(`public/${name}`);
  console.log(`public/${name}`);
}
