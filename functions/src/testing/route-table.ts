import type { Express, IRoute } from 'express';

/** One entry of a router's stack, as Express's types declare it. */
type RouterLayer = Express['router']['stack'][number];

export interface RouteEntry {
  method: string;
  /** The Express path pattern as registered, e.g. `/courses/:courseId`. */
  path: string;
}

/** A nested router is a handler that has a stack of its own. */
function nestedStack(layer: RouterLayer): RouterLayer[] | undefined {
  const handle: unknown = layer.handle;
  if (typeof handle !== 'function' || !('stack' in handle)) return undefined;
  return Array.isArray(handle.stack) ? (handle.stack as RouterLayer[]) : undefined;
}

/** Calls `visit` with every route the app serves, nested routers included, in order. */
export function forEachRoute(app: Express, visit: (route: IRoute) => void): void {
  const walk = (stack: RouterLayer[]) => {
    for (const layer of stack) {
      if (layer.route) visit(layer.route);
      else walk(nestedStack(layer) ?? []);
    }
  };
  walk(app.router.stack);
}

/**
 * Every route the app serves, read from Express's own router stack (nested routers included),
 * so a test built on it covers routes added later without being told.
 */
export function routeTable(app: Express): RouteEntry[] {
  const routes: RouteEntry[] = [];
  forEachRoute(app, (route) => {
    const methods = new Set(route.stack.map((layer) => layer.method.toUpperCase()));
    for (const method of methods) routes.push({ method, path: route.path });
  });
  return routes;
}
