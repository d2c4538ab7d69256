/**
 * zod compiles object parsers with `new Function` when it may, and probes for that on its first
 * object schema; the Content-Security-Policy forbids eval, so the probe is reported as a
 * violation even though zod catches it. Without JIT zod never probes. Imported first by
 * main.tsx, before any schema exists, since each schema decides when it is created.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by every copy of zod
 * in a page), so setting it there needs none of zod's code in the first load.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

(globalThis.__zod_globalConfig ??= {}).jitless = true;

export {};
