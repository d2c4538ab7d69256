import type { Express } from 'express';

export interface RouteEntry {
  method: string;
  /** The Express path pattern as registered, e.g. `/courses/:courseId`. */
  path: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route the app serves, read from Express's own router stack (nested routers included),
 * so a test built on it covers routes added later without being told.
 */
export function routeTable(app: Express): RouteEntry[] {
  const routes: RouteEntry[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          routes.push({ method: method.toUpperCase(), path: layer.route.path });
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return routes;
}
