import * as z from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may, and probes for that on its first
 * object schema; the Content-Security-Policy forbids eval, so the probe is reported as a
 * violation even though zod catches it. Without JIT zod never probes. Imported first by
 * main.tsx, before any schema exists, since each schema decides when it is created.
 */
z.config({ jitless: true });
