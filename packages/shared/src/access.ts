/**
 * Who may call a route. Every server route declares one in its options
 * (`config: { access }`); the guard and the route-matrix test read it.
 * Admin roles join this list with the admin console.
 */
export const ROUTE_ACCESS = ['public', 'user'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];
