/** Types of `hosting-headers.mjs` for the TypeScript tests that check it. */
export type CspSources = Record<string, string[]>;

export interface HostingHeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

export function parseCsp(value: string): [string, string[]][];
export function formatCsp(directives: [string, string[]][]): string;
export function withSources(value: string, extra: CspSources): string;
export function hostingWithCspSources<T extends { headers?: HostingHeaderRule[] }>(
  hosting: T,
  extra: CspSources,
): T;
export function localEmulatorSources(
  ports: Record<string, number>,
  emulators: string[],
): CspSources;
export function withOwnBucket(value: string, bucket: string): string;
export function hostingWithOwnBucket<T extends { headers?: HostingHeaderRule[] }>(
  hosting: T,
  bucket: string,
): T;
