import zlib from 'node:zlib';

/** A PNG file of `width` × `height` 8-bit RGB pixels (`pixels`: rows of r, g, b bytes). */
export function encodePng(width, height, pixels) {
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(Buffer.from([0]), pixels.subarray(y * width * 3, (y + 1) * width * 3));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A cover as large as Gemini's: `size` × `size` pixels of a colour gradient under random noise
 * (`noiseLevels` values per channel; a fixed seed, so every run gets the same file). 1024 × 1024
 * with the default noise is 1.44 MB, as large as real generated covers (PNGs of 1–2 MB).
 */
export function noisyCoverPng({ size = 1024, noiseLevels = 2, seed = 28 } = {}) {
  let state = seed >>> 0;
  const random = () => {
    // xorshift32: fast, and the same bytes on every machine.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const base = [(x * 200) / size, (y * 180) / size, ((x + y) * 120) / size + 60];
      base.forEach((value, channel) => {
        const noisy = value + Math.floor(random() * noiseLevels);
        pixels[(y * size + x) * 3 + channel] = Math.min(255, Math.round(noisy));
      });
    }
  }
  return encodePng(size, size, pixels);
}
