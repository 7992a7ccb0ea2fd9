import sharp from 'sharp';

// Real images for upload tests, made here so no binary fixture is committed.

/** A JPEG 200×100 as stored by the camera, with EXIF orientation 6 (turn 90° clockwise) and a GPS position. */
export async function jpegWithGpsAndOrientation(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Driveway 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A photo-like JPEG (noise compresses as badly as real detail) of `width`×`height`. */
export async function noisyJpeg(width = 4000, height = 3000, quality = 90): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 42;
  for (let index = 0; index < raw.length; index += 1) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    // smooth gradients plus some noise: closer to a photo than pure noise
    raw[index] = ((index / 3) % width) / 16 + (seed % 48);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

export const tinyPng = () =>
  sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
export const tinyWebp = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#0a0' } })
    .webp()
    .toBuffer();
export const tinyGif = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#fa0' } })
    .gif()
    .toBuffer();

/** The first bytes of an iPhone HEIC: an ISO BMFF 'ftyp' box with brand heic. */
export const heicHeader = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic'),
    Buffer.alloc(4),
    Buffer.from('mif1heic'),
    Buffer.alloc(4096),
  ]);
