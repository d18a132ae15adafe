import { SecurityMonitoringView } from '@/features/security-monitoring/components/security-monitoring-view';

export default function SecurityMonitoringRoute() {
  return (
    <>
      <title>Security Monitoring · Parley admin</title>
      <SecurityMonitoringView auditPath="/admin/security/audit" />
    </>
  );
}
