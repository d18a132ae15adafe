export { listSecurityAlerts, resolveSecurityAlert } from './service';
