import { PageHeader } from '@/components/layout/page-header';
import { ActivityLogsView } from '@/features/activity-logs/components/activity-logs-view';

export default function ActivityLogsRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Activity Logs · Parley admin</title>
      <PageHeader
        title="Activity Logs"
        description="What admins changed in this console, written by the server with each change: filter it, page through it, export it."
      />
      <ActivityLogsView />
    </div>
  );
}
