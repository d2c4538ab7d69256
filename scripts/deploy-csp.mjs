import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hostingWithOwnBucket } from './lib/hosting-headers.mjs';
import { ROOT } from './lib/paths.mjs';

/**
 * npm run deploy:config -- --bucket <bucket> [--out <file>]
 *
 * Writes the deploy config (firebase.deploy.json beside firebase.json, so its relative paths
 * still hold): firebase.json with the Content-Security-Policy's Cloud Storage sources narrowed to
 * the project's own bucket. Deploy with `npx firebase deploy --config firebase.deploy.json`.
 */
const USAGE = 'Usage: npm run deploy:config -- --bucket <bucket> [--out <file>]';

let values;
try {
  ({ values } = parseArgs({
    options: {
      bucket: { type: 'string' },
      out: { type: 'string', default: path.join(ROOT, 'firebase.deploy.json') },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (values.help || !values.bucket) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8'));
let hosting;
try {
  hosting = hostingWithOwnBucket(config.hosting, values.bucket);
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
fs.writeFileSync(values.out, `${JSON.stringify({ ...config, hosting }, null, 2)}\n`);
console.log(
  `Wrote ${path.relative(process.cwd(), values.out) || values.out}: images and requests reach only gs://${values.bucket}.`,
);
