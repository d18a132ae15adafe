import { PageHeader } from '@/components/layout/page-header';
import { Inbox } from '@/features/handoffs/components/inbox';

export default function InboxRoute() {
  return (
    <div className="space-y-4">
      <title>Inbox · Parley</title>
      <PageHeader title="Inbox" description="Visitors who asked for a person. Your replies appear in their chat window." />
      <Inbox />
    </div>
  );
}
