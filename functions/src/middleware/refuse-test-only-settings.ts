import type { RequestHandler } from 'express';
import { MISCONFIGURED_MESSAGE, refusalLogLine, testOnlySettings } from '../lib/deployed-config';
import { HttpError } from '../lib/http-error';

/**
 * A deployed API started with a test-only setting answers every request 503 (logging why once)
 * rather than serving real users from a stand-in, a local disk or an emulator. The variables
 * are read on the first request, so loading the bundle for deploy analysis never fails.
 */
export function refuseTestOnlySettings(variables: () => Record<string, string | undefined>) {
  let settings: string[] | undefined;
  const handler: RequestHandler = (_req, res, next) => {
    if (settings === undefined) {
      settings = testOnlySettings(variables());
      if (settings.length > 0) console.error(refusalLogLine(settings));
    }
    if (settings.length === 0) {
      next();
      return;
    }
    res.set('cache-control', 'no-store');
    throw new HttpError(503, 'MISCONFIGURED', MISCONFIGURED_MESSAGE);
  };
  return handler;
}
