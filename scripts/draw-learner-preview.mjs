import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT } from './lib/paths.mjs';

/**
 * Draws the link preview of courses without a cover (web/public/learn-assets/course-preview.png,
 * 1200 × 630, the size link previews ask for) from an SVG with the product's name. Run once
 * after changing the drawing: `node scripts/draw-learner-preview.mjs`.
 */
const WIDTH = 1200;
const HEIGHT = 630;
const out = path.join(ROOT, 'web/public/learn-assets/course-preview.png');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1d4ed8"/>
      <stop offset="1" stop-color="#0b1a33"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <g fill="none" stroke="#ffffff" stroke-opacity="0.18" stroke-width="3">
    <circle cx="1040" cy="110" r="160"/>
    <circle cx="1040" cy="110" r="230"/>
  </g>
  <g fill="#ffffff">
    <rect x="120" y="200" width="92" height="120" rx="10" fill-opacity="0.95"/>
    <rect x="136" y="222" width="60" height="8" rx="4" fill="#1d4ed8"/>
    <rect x="136" y="242" width="60" height="8" rx="4" fill="#1d4ed8" fill-opacity="0.6"/>
    <rect x="136" y="262" width="40" height="8" rx="4" fill="#1d4ed8" fill-opacity="0.6"/>
    <text x="240" y="300" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="104" font-weight="700">Coursecraft</text>
    <text x="124" y="420" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" font-size="44" fill-opacity="0.9">Courses made with Coursecraft</text>
  </g>
</svg>`;

fs.mkdirSync(path.dirname(out), { recursive: true });
const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
fs.writeFileSync(out, png);
const { width, height } = await sharp(png).metadata();
console.log(`Wrote ${path.relative(ROOT, out)}: ${width} × ${height}, ${png.length} bytes`);
