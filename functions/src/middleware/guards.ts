import type { RequestHandler } from 'express';

/**
 * The access checks a router attaches to each of its routes, built once in app.ts: `signedIn`
 * (a valid ID token of a real account, else 401), `learner` (a valid ID token, anonymous guests
 * included, else 401) and `admin` (after `signedIn`: the live admin claim, else 403). A public
 * route has none.
 */
export interface Guards {
  signedIn: RequestHandler;
  learner: RequestHandler;
  admin: RequestHandler;
}
