import { defineFeature } from '../../plugins/features';
import type { FeatureContext } from '../../plugins/features';
import { securityAuditRoutes } from './routes';

export { routeInventoryPlugin } from './route-inventory';

export { latestAuditSummary } from './service';

/** The dependency audit the build recorded (a file path; tests give their own). */
export interface SecurityAuditFeatureOptions extends FeatureContext {
  npmAuditFile: string;
}

/** The security audit feature: its routes, registered by app.ts with the others. */
export const securityAuditFeature = defineFeature<SecurityAuditFeatureOptions>('security-audit', async (app, { rateLimiter, npmAuditFile }) => {
  await app.register(securityAuditRoutes, { rateLimiter, npmAuditFile });
});
