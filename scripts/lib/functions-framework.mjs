import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './paths.mjs';

/** A port nobody listens on right now. */
export async function freePort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Serves the built `api` function from `source` (functions/dist, or an older build) with Google's
 * functions framework on a free port, as the platform runs it; resolves once it answers.
 * Returns the process, its address and what it has logged.
 */
export async function startFunctionsFramework({
  source = path.join(ROOT, 'functions/dist'),
  variables = {},
} = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@google-cloud/functions-framework/build/src/main.js'),
      '--target=api',
      '--signature-type=http',
      `--source=${source}`,
      `--port=${port}`,
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        GCLOUD_PROJECT: 'demo-coursecraft',
        METADATA_SERVER_DETECTION: 'none',
        // Set by the platform for each deployed function, as the framework's --target here.
        FUNCTION_TARGET: 'api',
        NODE_ENV: 'production',
        ...variables,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk.toString()));
  child.stderr.on('data', (chunk) => (log += chunk.toString()));
  for (let tries = 0; tries < 300; tries += 1) {
    if (child.exitCode !== null) throw new Error('The functions framework exited early');
    try {
      await fetch(`${base}/api/no-such-route`);
      return { process: child, base, log: () => log };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('The functions framework did not start');
}

/** The `api` function's memory (in MB) and concurrency, as functions/src/index.ts declares them. */
export function deployedApiSizing() {
  const source = fs.readFileSync(path.join(ROOT, 'functions/src/index.ts'), 'utf8');
  const api = source.slice(source.indexOf('export const api'));
  const [, amount, unit] = /memory:\s*'(\d+)(GiB|MiB)'/.exec(api) ?? [];
  const [, concurrency] = /concurrency:\s*(\d+)/.exec(api) ?? [];
  if (!amount || !concurrency) throw new Error('The api function in index.ts lacks its sizing');
  return {
    memoryMb: Number(amount) * (unit === 'GiB' ? 1024 : 1),
    concurrency: Number(concurrency),
  };
}

/** A process's resident memory now and the highest it has reached, in MB; undefined once gone. */
export function residentMemoryMb(pid) {
  let status;
  try {
    status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { now: field('VmRSS'), peak: field('VmHWM') };
}
