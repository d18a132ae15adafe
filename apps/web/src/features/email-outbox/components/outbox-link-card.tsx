import { InboxIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The debug console's way to the e-mail outbox; e-mail content is for system admins, so others are told who can read it. */
export function OutboxLinkCard({ to, canOpen }: { to: string; canOpen: boolean }) {
  return (
    <Card className="gap-3" data-testid="outbox-link-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <InboxIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          E-mail outbox
        </CardTitle>
        <CardDescription>
          {canOpen
            ? 'Every e-mail this installation wrote, with its links: without SMTP, confirmation links are read here.'
            : 'Every e-mail this installation wrote, with its links. E-mail content is for system admins: ask one to open it.'}
        </CardDescription>
        {canOpen && (
          <CardAction>
            <Button asChild variant="outline" size="sm">
              <Link to={to}>Open the outbox</Link>
            </Button>
          </CardAction>
        )}
      </CardHeader>
    </Card>
  );
}
