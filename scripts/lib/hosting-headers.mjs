/**
 * The Hosting headers of firebase.json are the one source of the browser policy, deployed and
 * local. The local suite's generated config adds only the emulators' origins to the
 * Content-Security-Policy (the Auth emulator, which the app signs in through, and the Storage
 * emulator, which serves images), so the same policy is exercised by the end-to-end tests.
 */

const CSP = 'content-security-policy';

/** `a b; c d` as [['a', ['b']], ['c', ['d']]], in order. */
export function parseCsp(value) {
  return value
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .filter(([name]) => name)
    .map(([name, ...sources]) => [name.toLowerCase(), sources]);
}

export const formatCsp = (directives) =>
  directives.map(([name, sources]) => [name, ...sources].join(' ')).join('; ');

/** The policy with `extra` ({ directive: sources[] }) appended to directives it already has. */
export function withSources(value, extra) {
  const directives = parseCsp(value);
  for (const name of Object.keys(extra)) {
    if (!directives.some(([existing]) => existing === name)) {
      throw new Error(`The Content-Security-Policy has no ${name} to extend`);
    }
  }
  return formatCsp(
    directives.map(([name, sources]) => [
      name,
      [...sources, ...(extra[name] ?? []).filter((source) => !sources.includes(source))],
    ]),
  );
}

/** firebase.json's `hosting` with the CSP of every header rule rewritten by `rewrite`. */
function hostingWithCsp(hosting, rewrite) {
  return {
    ...hosting,
    headers: (hosting.headers ?? []).map((rule) => ({
      ...rule,
      headers: rule.headers.map((header) =>
        header.key.toLowerCase() === CSP ? { ...header, value: rewrite(header.value) } : header,
      ),
    })),
  };
}

/** firebase.json's `hosting` with the CSP of every header rule extended by `extra`. */
export function hostingWithCspSources(hosting, extra) {
  return hostingWithCsp(hosting, (csp) => withSources(csp, extra));
}

/** What the app reaches locally beside its own origin: the emulators it talks to. */
export function localEmulatorSources(ports, emulators) {
  const auth = `http://127.0.0.1:${ports.auth}`;
  const storage = emulators.includes('storage') ? [`http://127.0.0.1:${ports.storage}`] : [];
  return {
    'connect-src': [auth, ...storage],
    'frame-src': [auth],
    'img-src': storage,
  };
}

/** Cloud Storage's hosts in the checked-in policy, and how each names one bucket's objects. */
const STORAGE_HOSTS = {
  'https://firebasestorage.googleapis.com': (bucket) =>
    `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/`,
  'https://storage.googleapis.com': (bucket) => `https://storage.googleapis.com/${bucket}/`,
};

/** A Cloud Storage bucket name: lower-case letters, digits, dots, dashes and underscores. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

/**
 * The policy with every Cloud Storage host in `img-src` and `connect-src` narrowed to `bucket`'s
 * objects (a source with a path only matches URLs under it), so a page can load images from, and
 * send requests to, the project's own bucket and no other.
 */
export function withOwnBucket(value, bucket) {
  if (!BUCKET_NAME.test(bucket)) throw new Error(`Not a Cloud Storage bucket name: "${bucket}"`);
  return formatCsp(
    parseCsp(value).map(([name, sources]) => [
      name,
      name === 'img-src' || name === 'connect-src'
        ? sources.map((source) => STORAGE_HOSTS[source]?.(bucket) ?? source)
        : sources,
    ]),
  );
}

/** firebase.json's `hosting` with every rule's CSP narrowed to the project's own bucket. */
export function hostingWithOwnBucket(hosting, bucket) {
  return hostingWithCsp(hosting, (csp) => withOwnBucket(csp, bucket));
}
