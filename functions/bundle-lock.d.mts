/** Types of `bundle-lock.mjs` for the TypeScript tests that check it. */
export interface PackageLock {
  name?: string;
  version?: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, Record<string, unknown>>;
}

export interface BundlePackage {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  engines?: Record<string, string>;
}

export function bundleLock(
  rootLock: PackageLock,
  workspace: string,
  pkg: BundlePackage,
): PackageLock;
