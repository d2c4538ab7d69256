import type { Express, NextFunction, Request, Response } from 'express';

export interface RouteEntry {
  method: string;
  /** The Express path pattern as registered, e.g. `/courses/:courseId`. */
  path: string;
}

/** One handler of a route, as Express keeps it (replaceable, e.g. to watch what it reads). */
export interface RouteHandler {
  handle: (req: Request, res: Response, next: NextFunction) => unknown;
}

/** A route as Express's router stack holds it. */
export interface RegisteredRoute {
  path: string;
  methods: Record<string, boolean>;
  stack: RouteHandler[];
}

interface Layer {
  route?: RegisteredRoute;
  handle?: { stack?: Layer[] };
}

/** Calls `visit` with every route the app serves, nested routers included, in order. */
export function forEachRoute(app: Express, visit: (route: RegisteredRoute) => void): void {
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) visit(layer.route);
      else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  // Express 5 keeps its router on `app.router`; its types do not declare the stack.
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
}

/**
 * Every route the app serves, read from Express's own router stack (nested routers included),
 * so a test built on it covers routes added later without being told.
 */
export function routeTable(app: Express): RouteEntry[] {
  const routes: RouteEntry[] = [];
  forEachRoute(app, (route) => {
    for (const method of Object.keys(route.methods)) {
      routes.push({ method: method.toUpperCase(), path: route.path });
    }
  });
  return routes;
}
