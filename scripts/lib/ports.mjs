import net from 'node:net';

/** Ports of each local suite; `test` is shifted so tests can run beside a running `npm start`. */
export const PROFILES = {
  dev: {
    hosting: 5050,
    functions: 5001,
    auth: 9099,
    firestore: 8080,
    firestoreControl: 8085,
    fakeGemini: 8095,
    storage: 9199,
    ui: 4000,
    hub: 4400,
    logging: 4500,
    tasks: 9599,
  },
  test: {
    hosting: 6050,
    functions: 6001,
    auth: 9399,
    firestore: 8380,
    firestoreControl: 8385,
    fakeGemini: 8395,
    storage: 9499,
    ui: 4300,
    hub: 4700,
    logging: 4800,
    tasks: 9699,
  },
};

/**
 * The ports of a profile; COURSECRAFT_PORT_OFFSET shifts them all, so several test runs (say,
 * two engineers' on one machine) can run at once.
 */
export function portsOf(profile) {
  const offset = Number(process.env.COURSECRAFT_PORT_OFFSET ?? 0);
  if (!Number.isInteger(offset) || offset < 0 || offset > 20_000) {
    throw new Error('COURSECRAFT_PORT_OFFSET must be a whole number from 0 to 20000.');
  }
  return Object.fromEntries(
    Object.entries(PROFILES[profile]).map(([name, port]) => [name, port + offset]),
  );
}

export function isPortFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** Throws a message naming every port (and what it is for) that something else holds. */
export async function assertPortsFree(entries) {
  const taken = [];
  for (const [name, port] of entries) {
    if (!(await isPortFree(port))) taken.push(`${port} (${name})`);
  }
  if (taken.length > 0) {
    throw new Error(
      `Port ${taken.join(', ')} ${taken.length > 1 ? 'are' : 'is'} already in use. ` +
        'Stop whatever holds it (an earlier "npm start"? `lsof -i :PORT` tells) and try again.',
    );
  }
}
