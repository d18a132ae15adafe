import { BugIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { OutboxView } from '@/features/email-outbox/components/outbox-view';

export default function EmailOutboxRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>E-mail Outbox · Parley admin</title>
      <PageHeader
        title="E-mail Outbox"
        description="Without an SMTP relay, e-mails stay here: find a new user’s confirmation e-mail and pass its link on."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to={paths.adminDebug}>
              <BugIcon />
              Debug Console
            </Link>
          </Button>
        }
      />
      <OutboxView />
    </div>
  );
}
