import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/paths.mjs';

/**
 * Times `npm start` until it prints that the suite is ready, then Ctrl-C until every process is
 * gone; twice, so the second run shows a start with the web build reused (once with
 * BENCH_QUICK=1).
 */
async function startAndStop() {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const readyAt = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Coursecraft is running')) resolve(Date.now());
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const stopAt = Date.now();
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  return { ready: (readyAt - startedAt) / 1000, stop: (Date.now() - stopAt) / 1000 };
}

const starts = process.env.BENCH_QUICK === '1' ? ['start'] : ['first start', 'second start'];
for (const label of starts) {
  const { ready, stop } = await startAndStop();
  console.log(`${label}: ready in ${ready.toFixed(1)}s, stopped in ${stop.toFixed(1)}s`);
}
