/** Types of `png.mjs` for the TypeScript tests that check it. */
export function encodePng(width: number, height: number, pixels: Buffer): Buffer;
export function noisyCoverPng(options?: {
  size?: number;
  noiseLevels?: number;
  seed?: number;
}): Buffer;
