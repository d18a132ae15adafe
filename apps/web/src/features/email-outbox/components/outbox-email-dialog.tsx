import { AlertTriangleIcon, ExternalLinkIcon, RotateCwIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { CopyButton } from '@/components/layout/copy-button';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useOutboxEmail } from '../api/get-outbox-email';
import { useResendEmail } from '../api/resend-email';
import { EmailStatusBadge } from './email-status-badge';

/** One message: who it went to, where it stands, the links in it (to open or pass on) and its text; Resend. */
export function OutboxEmailDialog({ emailId, onClose }: { emailId: string; onClose: () => void }) {
  const query = useOutboxEmail(emailId);
  const resend = useResendEmail();
  const email = query.data;

  const onResend = () =>
    resend.mutate(emailId, {
      onSuccess: (updated) =>
        toast.success(updated.status === 'logged' ? 'E-mail kept in the outbox again (no SMTP is set).' : 'E-mail queued to be sent again.'),
      onError: (error) => toast.error(`Could not resend the e-mail: ${getErrorMessage(error)}`),
    });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-2xl" data-testid="outbox-email">
        <DialogHeader>
          <DialogTitle>{email?.subject ?? 'E-mail'}</DialogTitle>
          <DialogDescription>{email ? `To ${email.toAddress}` : 'Loading the message…'}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <LoadingRows label="Loading the e-mail" rows={4} className="h-8" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="The e-mail could not be loaded" />
        ) : (
          <div className="grid min-w-0 gap-5 text-sm">
            <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-1.5">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <EmailStatusBadge status={resend.data?.id === emailId ? resend.data.status : email!.status} />
              </dd>
              <dt className="text-muted-foreground">Kind</dt>
              <dd className="font-mono text-xs">{email!.kind}</dd>
              <dt className="text-muted-foreground">Written</dt>
              <dd>{formatDateTime(email!.createdAt)}</dd>
              {email!.sentAt && (
                <>
                  <dt className="text-muted-foreground">Sent</dt>
                  <dd>{formatDateTime(email!.sentAt)}</dd>
                </>
              )}
              <dt className="text-muted-foreground">Attempts</dt>
              <dd className="tabular-nums">{email!.attempts}</dd>
              {email!.lastError && (
                <>
                  <dt className="text-muted-foreground">Last error</dt>
                  <dd className="break-words text-destructive">{email!.lastError}</dd>
                </>
              )}
              {email!.attachments.length > 0 && (
                <>
                  <dt className="text-muted-foreground">Attachments</dt>
                  <dd>{email!.attachments.map((a) => a.filename).join(', ')}</dd>
                </>
              )}
            </dl>

            <section className="grid min-w-0 gap-2" aria-labelledby="outbox-links-title">
              <h3 id="outbox-links-title" className="font-medium">
                Links in this e-mail
              </h3>
              {email!.links.length === 0 ? (
                <p className="text-muted-foreground">This e-mail has no links.</p>
              ) : (
                <>
                  <Alert>
                    <AlertTriangleIcon />
                    <AlertDescription>
                      A confirmation or password link acts for the person it was sent to: opening it in this browser signs you in as them. Copy it to them, or
                      open it in a private window.
                    </AlertDescription>
                  </Alert>
                  <ul className="grid min-w-0 gap-2" data-testid="outbox-links">
                    {email!.links.map((link) => (
                      <li key={link} className="flex min-w-0 items-center gap-2 rounded-md border p-2">
                        <span className="min-w-0 flex-1 truncate font-mono text-xs" title={link}>
                          {link}
                        </span>
                        <CopyButton text={link} label="Copy link" />
                        <Button asChild variant="outline" size="sm">
                          <a href={link} target="_blank" rel="noopener noreferrer">
                            <ExternalLinkIcon />
                            Open link
                          </a>
                        </Button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>

            <section className="grid min-w-0 gap-2" aria-labelledby="outbox-text-title">
              <h3 id="outbox-text-title" className="font-medium">
                Text
              </h3>
              <pre className="max-h-72 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap">{email!.textBody}</pre>
            </section>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onResend} disabled={!email || resend.isPending || email.status === 'pending'}>
            {resend.isPending ? <Spinner /> : <RotateCwIcon />}
            Resend
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
