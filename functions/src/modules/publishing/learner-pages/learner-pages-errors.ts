import type { NextFunction, Request, Response } from 'express';

/**
 * The learner pages' last resort: an unexpected failure is logged and answered with a short page
 * no cache keeps (the next request tries again). Never described to the visitor.
 */
export function learnerPagesErrorHandler(
  error: unknown,
  _req: Request,
  res: Response,
  _next: NextFunction,
): void {
  console.error('A learner page failed', error);
  res
    .status(500)
    .set({ 'cache-control': 'no-store', 'content-type': 'text/html; charset=utf-8' })
    .send(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title><meta name="robots" content="noindex"></head><body><main><h1>Something went wrong. Please try again.</h1></main></body></html>',
    );
}
