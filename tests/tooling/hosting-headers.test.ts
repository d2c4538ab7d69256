import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  hostingWithCspSources,
  hostingWithOwnBucket,
  localEmulatorSources,
  parseCsp,
  withSources,
  type HostingHeaderRule,
} from '../../scripts/lib/hosting-headers.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const hosting = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: HostingHeaderRule[] };
  }
).hosting;

const cspOf = (rules: HostingHeaderRule[]) =>
  rules.flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')
    ?.value ?? '';

describe('the local suite’s Hosting headers', () => {
  it('add the emulators’ origins to the deployed policy and change nothing else', () => {
    const ports = { auth: 9399, storage: 9499 };
    const local = hostingWithCspSources(hosting, localEmulatorSources(ports, ['auth', 'storage']));
    const deployed = new Map(parseCsp(cspOf(hosting.headers)));
    const extended = new Map(parseCsp(cspOf(local.headers)));
    expect(extended.get('connect-src')).toEqual([
      ...(deployed.get('connect-src') ?? []),
      'http://127.0.0.1:9399',
      'http://127.0.0.1:9499',
    ]);
    expect(extended.get('frame-src')).toEqual([
      ...(deployed.get('frame-src') ?? []),
      'http://127.0.0.1:9399',
    ]);
    expect(extended.get('img-src')).toEqual([
      ...(deployed.get('img-src') ?? []),
      'http://127.0.0.1:9499',
    ]);
    for (const name of ['script-src', 'style-src', 'object-src', 'frame-ancestors']) {
      expect(extended.get(name), name).toEqual(deployed.get(name));
    }
    const withoutCsp = (rules: HostingHeaderRule[]) =>
      rules.map((rule) => ({
        ...rule,
        headers: rule.headers.filter((header) => header.key !== 'Content-Security-Policy'),
      }));
    expect(withoutCsp(local.headers)).toEqual(withoutCsp(hosting.headers));
  });

  it('refuses to extend a directive the policy lacks, and adds a source only once', () => {
    expect(() => withSources("default-src 'self'", { 'connect-src': ['x'] })).toThrow(
      'The Content-Security-Policy has no connect-src to extend',
    );
    expect(withSources("img-src 'self' a", { 'img-src': ['a', 'b'] })).toBe("img-src 'self' a b");
  });
});

describe('the deploy config’s policy', () => {
  const BUCKET = 'tides-prod.firebasestorage.app';
  const storageSources = (csp: string) =>
    parseCsp(csp).flatMap(([name, sources]) =>
      sources.filter((source) => source.includes('storage')).map((source) => `${name} ${source}`),
    );

  it('names only the project’s own bucket in img-src and connect-src, and changes nothing else', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-csp-')), 'firebase.json');
    execFileSync(process.execPath, ['scripts/deploy-csp.mjs', '--bucket', BUCKET, '--out', out], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    const deployed = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      hosting: { headers: HostingHeaderRule[] };
    };
    const csp = cspOf(deployed.hosting.headers);
    expect(storageSources(csp)).toEqual([
      'img-src https://firebasestorage.googleapis.com/v0/b/tides-prod.firebasestorage.app/o/',
      'img-src https://storage.googleapis.com/tides-prod.firebasestorage.app/',
      'connect-src https://firebasestorage.googleapis.com/v0/b/tides-prod.firebasestorage.app/o/',
    ]);
    const checkedIn = new Map(parseCsp(cspOf(hosting.headers)));
    for (const [name, sources] of parseCsp(csp)) {
      if (name !== 'img-src' && name !== 'connect-src')
        expect(sources, name).toEqual(checkedIn.get(name));
    }
    const withoutCsp = (rules: HostingHeaderRule[]) =>
      rules.map((rule) => ({
        ...rule,
        headers: rule.headers.filter((header) => header.key !== 'Content-Security-Policy'),
      }));
    expect(withoutCsp(deployed.hosting.headers)).toEqual(withoutCsp(hosting.headers));
  });

  it('refuses a bucket name that could widen or break the policy', () => {
    for (const bucket of ['', '*', 'a b', 'x; script-src *', 'https://evil.example', 'UPPER']) {
      expect(() => hostingWithOwnBucket(hosting, bucket), bucket).toThrow(
        'Not a Cloud Storage bucket name',
      );
    }
  });
});

describe('the Hosting rules of the learner pages', () => {
  // The matcher the Hosting emulator (superstatic) applies to `source` globs.
  const { configMatcher } = createRequire(import.meta.url)('superstatic/lib/utils/patterns.js') as {
    configMatcher: (path: string, config: { source: string }) => boolean;
  };
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: {
      rewrites: { source: string; function?: { functionId: string }; destination?: string }[];
      redirects: { source: string; destination: string; type: number }[];
    };
  };
  const cacheControlOf = (url: string) =>
    hosting.headers
      .filter((rule) => configMatcher(url, rule))
      .flatMap((rule) => rule.headers)
      .filter((header) => header.key === 'Cache-Control')
      .map((header) => header.value);
  const rewriteOf = (url: string) => {
    const rule = config.hosting.rewrites.find((each) => configMatcher(url, each));
    return rule?.function?.functionId ?? rule?.destination;
  };

  it('send the learner paths to the learn function, before the app’s fallback', () => {
    for (const url of [
      '/learn/AAAAAAAAAAAAAAAA',
      '/learn/AAAAAAAAAAAAAAAA/t1',
      '/learn/robots',
      '/sitemap.xml',
    ]) {
      expect(rewriteOf(url), url).toBe('learn');
    }
    // The functions framework swallows `/robots.txt` before the app: Hosting redirects it.
    expect(config.hosting.redirects).toContainEqual({
      source: '/robots.txt',
      destination: '/learn/robots',
      type: 301,
    });
    expect(rewriteOf('/api/health')).toBe('api');
    expect(rewriteOf('/courses')).toBe('/index.html');
    expect(rewriteOf('/learning')).toBe('/index.html');
  });

  it('leave the learn function’s own Cache-Control alone and cache learner assets briefly', () => {
    for (const url of [
      '/learn/AAAAAAAAAAAAAAAA',
      '/learn/AAAAAAAAAAAAAAAA/t1',
      '/sitemap.xml',
      '/robots.txt',
    ]) {
      expect(cacheControlOf(url), url).toEqual([]);
    }
    expect(cacheControlOf('/learn-assets/learner.js')).toEqual(['public, max-age=300']);
    expect(cacheControlOf('/learn-assets/katex/fonts/KaTeX_Main-Regular.woff2')).toEqual([
      'public, max-age=300',
    ]);
    expect(cacheControlOf('/courses')).toEqual(['no-cache']);
    expect(cacheControlOf('/learning')).toEqual(['no-cache']);
    expect(cacheControlOf('/')).toEqual(['no-cache']);
  });
});
