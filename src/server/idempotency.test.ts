import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RequestHash } from './idempotency';

// A keyed upload is hashed as it streams to disk, chunk by chunk, and must hash
// exactly as the whole body did when it was held in memory (a key claimed before a deploy is
// still compared after it), whatever the chunks and the boundary.

/** The hash as it was computed over the whole body, kept here as the reference. */
function wholeBodyHash(method: string, target: string, body: Buffer, contentType: string): string {
  const hash = createHash('sha256').update(`${method}\n${target}\n`);
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary || !contentType.toLowerCase().startsWith('multipart/')) return hash.update(body).digest('hex');
  const marker = Buffer.from(`--${boundary}`);
  let from = 0;
  for (let at = body.indexOf(marker, from); at >= 0; at = body.indexOf(marker, from)) {
    hash.update(body.subarray(from, at)).update('--boundary');
    from = at + marker.length;
  }
  return hash.update(body.subarray(from)).digest('hex');
}

/** A form with a caption and a file, framed by `boundary`; the file's bytes hold dashes on purpose. */
function form(boundary: string, caption = 'Meter'): Buffer {
  const file = Buffer.from('\x89PNG---formdata-x--\r\n--rounds-\r\n--');
  return Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\n${caption}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.png"\r\n`),
    Buffer.from('Content-Type: image/png\r\n\r\n'),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

const hashInChunks = (body: Buffer, contentType: string, cuts: number[]) => {
  const hash = new RequestHash('POST', '/api/photos', contentType);
  let from = 0;
  for (const cut of [...cuts, body.length]) {
    hash.update(body.subarray(from, cut));
    from = cut;
  }
  return hash.digest();
};

describe('the hash of a keyed request', () => {
  const boundary = '----formdata-undici-0123456789';
  const type = `multipart/form-data; boundary=${boundary}`;
  const body = form(boundary);
  const expected = wholeBodyHash('POST', '/api/photos', body, type);

  it('is the whole body’s hash however the body is cut into chunks, a marker split included', () => {
    for (let cut = 0; cut <= body.length; cut += 1) {
      expect(hashInChunks(body, type, [cut]), `cut at ${cut}`).toBe(expected);
    }
    for (let a = 0; a <= body.length; a += 7) {
      for (let b = a; b <= body.length; b += 5) expect(hashInChunks(body, type, [a, b]), `${a}, ${b}`).toBe(expected);
    }
    const byteByByte = Array.from({ length: body.length }, (_, index) => index);
    expect(hashInChunks(body, type, byteByByte)).toBe(expected);
  });

  it('is the same for the same form under another boundary, and differs for another form', () => {
    const other = 'rounds-7';
    expect(hashInChunks(form(other), `multipart/form-data; boundary="${other}"`, [3, 60, 61])).toBe(expected);
    expect(hashInChunks(form(boundary, 'Metre'), type, [])).not.toBe(expected);
  });

  it('hashes a JSON body as its bytes, and no body as method and path alone', () => {
    const json = Buffer.from('{"content":"--not-a-boundary"}');
    expect(hashInChunks(json, 'application/json', [5])).toBe(
      wholeBodyHash('POST', '/api/photos', json, 'application/json'),
    );
    expect(new RequestHash('DELETE', '/api/notes/1', undefined).digest()).toBe(
      createHash('sha256').update('DELETE\n/api/notes/1\n').digest('hex'),
    );
  });
});
