import { spawn } from 'node:child_process';

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, { env = process.env, cwd = process.cwd(), quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Runs a command and throws (with its output when quiet) if it fails. */
export async function runOrThrow(command, args, options = {}) {
  const { code, output } = await run(command, args, options);
  if (code !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with exit code ${code}\n${output}`);
  }
}
