import { spawn } from 'node:child_process';
import { once } from 'node:events';
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
