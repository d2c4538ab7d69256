import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';
import { encodePng } from './lib/png.mjs';

/**
 * Draws the demo course's cover images (emulator-data/demo-course/covers/*.png): flat shapes on
 * a vertical gradient, so each PNG stays a few KB. Run once after changing a drawing:
 * `node scripts/draw-demo-covers.mjs`.
 */
const WIDTH = 480;
const HEIGHT = 240;

function canvas(top, bottom) {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    const t = y / (HEIGHT - 1);
    const colour = top.map((c, i) => Math.round(c + (bottom[i] - c) * t));
    for (let x = 0; x < WIDTH; x += 1) pixels.set(colour, (y * WIDTH + x) * 3);
  }
  const set = (x, y, colour) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    pixels.set(colour, (Math.floor(y) * WIDTH + Math.floor(x)) * 3);
  };
  return {
    pixels,
    rect(x, y, w, h, colour) {
      for (let j = Math.max(0, y); j < Math.min(HEIGHT, y + h); j += 1)
        for (let i = Math.max(0, x); i < Math.min(WIDTH, x + w); i += 1) set(i, j, colour);
    },
    disc(cx, cy, r, colour) {
      for (let j = -r; j <= r; j += 1)
        for (let i = -r; i <= r; i += 1) if (i * i + j * j <= r * r) set(cx + i, cy + j, colour);
    },
    /** A thick curve through y = f(x) for every x in [from, to]. */
    curve(f, from, to, thickness, colour) {
      for (let x = from; x <= to; x += 0.25)
        this.disc(Math.round(x), Math.round(f(x)), thickness, colour);
    },
    /** The area between y = f(x) and the baseline. */
    area(f, from, to, baseline, colour) {
      for (let x = from; x <= to; x += 1) {
        const y = Math.round(f(x));
        this.rect(x, y, 1, baseline - y, colour);
      }
    },
  };
}

const png = (pixels) => encodePng(WIDTH, HEIGHT, pixels);

const WHITE = [255, 255, 255];
const bell = (mean, spread, height, baseline) => (x) =>
  baseline - height * Math.exp(-((x - mean) ** 2) / (2 * spread ** 2));

function courseCover() {
  const c = canvas([30, 64, 124], [67, 126, 196]);
  const bars = [28, 52, 88, 122, 140, 118, 84, 50, 26];
  bars.forEach((h, i) => c.rect(96 + i * 32, 200 - h, 26, h, [255, 196, 70]));
  c.curve(bell(240, 62, 150, 200), 60, 420, 2, WHITE);
  c.rect(40, 200, 400, 3, WHITE);
  return c.pixels;
}

function descriptiveCover() {
  const c = canvas([22, 96, 90], [52, 160, 140]);
  const at = (value) => 40 + value * 32;
  const values = [3, 5, 6, 6, 7, 7, 7, 8, 9, 12];
  values.forEach((v, i) => {
    const below = values.slice(0, i).filter((w) => w === v).length;
    c.disc(at(v), 136 - below * 26, 10, WHITE);
  });
  c.rect(40, 150, 400, 3, WHITE);
  // The mean, and a box plot: whiskers from 3 to 9, the box from Q1 = 6 to Q3 = 8, 12 apart.
  c.rect(at(7) - 1, 40, 3, 110, [255, 196, 70]);
  const gold = [255, 196, 70];
  c.rect(at(3), 196, at(6) - at(3), 3, gold);
  c.rect(at(8), 196, at(9) - at(8), 3, gold);
  c.rect(at(6), 182, at(8) - at(6), 30, gold);
  c.rect(at(7) - 1, 182, 3, 30, [22, 96, 90]);
  c.disc(at(12), 197, 6, gold);
  return c.pixels;
}

function probabilityCover() {
  const c = canvas([88, 42, 120], [150, 84, 180]);
  c.area(bell(300, 48, 140, 200), 160, 440, 200, [200, 160, 230]);
  c.area(bell(300, 48, 140, 200), 252, 348, 200, [255, 196, 70]);
  c.curve(bell(300, 48, 140, 200), 160, 440, 1, WHITE);
  // A die showing five.
  c.rect(50, 70, 100, 100, WHITE);
  for (const [x, y] of [
    [72, 92],
    [128, 92],
    [100, 120],
    [72, 148],
    [128, 148],
  ])
    c.disc(x, y, 9, [88, 42, 120]);
  c.rect(150, 200, 300, 3, WHITE);
  return c.pixels;
}

const out = path.join(ROOT, 'emulator-data/demo-course/covers');
fs.mkdirSync(out, { recursive: true });
for (const [name, draw] of [
  ['course.png', courseCover],
  ['descriptive-statistics.png', descriptiveCover],
  ['probability.png', probabilityCover],
]) {
  const bytes = png(draw());
  fs.writeFileSync(path.join(out, name), bytes);
  console.log(`${name}: ${(bytes.length / 1024).toFixed(1)} KB`);
}
