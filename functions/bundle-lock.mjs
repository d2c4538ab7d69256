/**
 * The package-lock.json of the deployed bundle (functions/dist), derived from the repository's
 * lock without the network: the packages the bundle's dependencies resolve to, at the versions
 * (and integrity hashes) the tests ran with. Cloud Functions installs from it with `npm ci`.
 */

const NODE_MODULES = 'node_modules/';

/** The folder a package entry sits in: `node_modules/a/node_modules/b` → `node_modules/a`. */
function parentOf(location) {
  const at = location.lastIndexOf(`/${NODE_MODULES}`);
  return at < 0 ? '' : location.slice(0, at);
}

/** Where Node finds `name` required from `location`, as a key of the lock's packages; or null. */
function resolve(packages, location, name) {
  for (let folder = location; ; folder = parentOf(folder)) {
    const candidate = `${folder ? `${folder}/` : ''}${NODE_MODULES}${name}`;
    if (packages[candidate]) return candidate;
    if (!folder) return null;
  }
}

/** The dependencies an installed package needs, and whether each may be missing. */
function needsOf(entry) {
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => [name, false]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => [name, true]),
    ...Object.keys(entry.peerDependencies ?? {}).map((name) => [
      name,
      Boolean(optionalPeers[name]?.optional),
    ]),
  ];
}

/**
 * The lock of a package `{ name, version, dependencies, engines }` installed on its own, taken
 * from `rootLock` (lockfileVersion 3) as resolved for the workspace folder `workspace`.
 */
export function bundleLock(rootLock, workspace, pkg) {
  const packages = rootLock.packages;
  if (rootLock.lockfileVersion !== 3 || !packages) {
    throw new Error('package-lock.json must be lockfileVersion 3');
  }
  const picked = new Map();
  const queue = Object.keys(pkg.dependencies).map((name) => [workspace, name, false]);
  while (queue.length > 0) {
    const [from, name, optional] = queue.shift();
    const location = resolve(packages, from, name);
    if (!location) {
      if (optional) continue;
      throw new Error(`package-lock.json has no ${name} for ${from || 'the root'}`);
    }
    if (picked.has(location)) continue;
    const entry = packages[location];
    if (entry.link) throw new Error(`${name} is a workspace link; bundle it instead`);
    const target = location.startsWith(`${workspace}/`)
      ? location.slice(workspace.length + 1)
      : location;
    if ([...picked.values()].some((other) => other.target === target)) {
      throw new Error(`${target} is needed in two versions; the bundle lock cannot place both`);
    }
    picked.set(location, { target, entry });
    for (const [dependency, mayMiss] of needsOf(entry)) queue.push([location, dependency, mayMiss]);
  }

  const locked = {};
  for (const { target, entry } of [...picked.values()].sort((a, b) =>
    a.target.localeCompare(b.target),
  )) {
    // Development flags describe the repository, not the bundle, whose packages all ship.
    const kept = { ...entry };
    delete kept.dev;
    delete kept.devOptional;
    locked[target] = kept;
  }
  return {
    name: pkg.name,
    version: pkg.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': {
        name: pkg.name,
        version: pkg.version,
        dependencies: pkg.dependencies,
        ...(pkg.engines ? { engines: pkg.engines } : {}),
      },
      ...locked,
    },
  };
}
