import type { RequestHandler } from 'express';

/**
 * The access checks a router attaches to each of its routes, built once in app.ts: `signedIn`
 * (a valid ID token, else 401) and `admin` (after `signedIn`: the live admin claim, else 403).
 * A public route has none.
 */
export interface Guards {
  signedIn: RequestHandler;
  admin: RequestHandler;
}
