import { PageHeader } from '@/components/layout/page-header';
import { HealthMonitorView } from '@/features/health/components/health-monitor-view';

export default function HealthMonitoringRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Health Monitoring · Parley admin</title>
      <PageHeader title="Health Monitoring" description="Database probes recorded by the server every 30 seconds." />
      <HealthMonitorView />
    </div>
  );
}
