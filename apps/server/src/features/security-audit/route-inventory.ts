import type { RouteAccess } from '@parley/shared/access';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface InventoryRoute {
  method: string;
  url: string;
  /** The route's own options declare who may call it (config.access). */
  declared: boolean;
  /** Registered by a third-party plugin from node_modules (the API docs), not by Parley's code. */
  thirdParty: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route Fastify registered, seen before the access guard looks at it (features/security-audit). */
    routeInventory: InventoryRoute[];
  }
}

/**
 * Records every route as it is registered, before the access plugin checks it, so the audit can compare
 * what Fastify serves with what the guard knows (app.routeTable). Registered before the access plugin.
 */
export const routeInventoryPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeInventory', []);
    app.addHook('onRoute', function (route) {
      const declared = Boolean((route.config as { access?: RouteAccess } | undefined)?.access);
      const thirdParty = /[\\/]node_modules[\\/]/.test(String((this as FastifyInstance).pluginName ?? ''));
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        // HEAD routes mirror their GET (as in the route table), except the health check.
        if (method === 'HEAD' && route.url !== '/api/health') continue;
        app.routeInventory.push({ method, url: route.url, declared, thirdParty });
      }
    });
  },
  { name: 'route-inventory' },
);

export interface AuthorizationCoverage {
  total: number;
  covered: number;
  /** Percent, two decimals. */
  percent: number;
  uncovered: string[];
}

/**
 * A route is covered when its own options declare its access, or when it is a third-party plugin's route that the
 * guard knows (the plugin prefixes access.ts declares). Anything else — a route of ours that relies on a prefix, or
 * one the guard never saw — is not.
 */
export function authorizationCoverage(inventory: readonly InventoryRoute[], routeTable: readonly { method: string; url: string }[]): AuthorizationCoverage {
  const guarded = new Set(routeTable.map((r) => `${r.method} ${r.url}`));
  const uncovered: string[] = [];
  for (const route of inventory) {
    const name = `${route.method} ${route.url}`;
    const ok = guarded.has(name) && (route.declared || route.thirdParty);
    if (!ok) uncovered.push(name);
  }
  const total = inventory.length;
  const covered = total - uncovered.length;
  return { total, covered, percent: total === 0 ? 100 : Math.floor((covered / total) * 10_000) / 100, uncovered };
}
