import { ACCOUNT_DELETION_CONFIRM_WORD } from '@parley/shared/constants';
import { blockedDeletionAdvice, isDeletionConfirmed, type AccountDeletionStatus, type DeletionOrganization } from '@parley/shared/contracts/account-deletion';
import { AlertTriangleIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useDeletionStatus, useRequestAccountDeletion } from '../api/get-deletion-status';

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

const OUTCOME_BADGE: Record<DeletionOrganization['outcome'], { label: string; variant: 'destructive' | 'secondary' | 'outline' }> = {
  delete: { label: 'Deleted with your account', variant: 'destructive' },
  leave: { label: 'You leave it', variant: 'secondary' },
  blocked: { label: 'Transfer ownership first', variant: 'outline' },
};

/** A personal workspace cannot be handed over: its other members have to go. */
const badgeOf = (org: DeletionOrganization) =>
  org.outcome === 'blocked' && org.isPersonal ? { label: 'Remove its members first', variant: 'outline' as const } : OUTCOME_BADGE[org.outcome];

function outcomeText(org: DeletionOrganization): string {
  if (org.outcome === 'delete') {
    return `You are its only member: it is deleted with your account, with its ${plural(org.chatbotCount, 'chatbot')} and ${plural(org.conversationCount, 'conversation')}.`;
  }
  if (org.outcome === 'leave') return `It stays with its ${plural(org.otherMemberCount, 'other member')}; only your membership ends.`;
  const names = org.otherMembers.map((m) => m.name || m.email).join(', ');
  const more = org.otherMemberCount > org.otherMembers.length ? ` and ${org.otherMemberCount - org.otherMembers.length} more` : '';
  return `You are its only owner and it has ${plural(org.otherMemberCount, 'other member')} (${names}${more}). ${blockedDeletionAdvice(org)}`;
}

function ConfirmDeletionDialog({ status, onDeleted }: { status: AccountDeletionStatus; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const request = useRequestAccountDeletion();
  const isConfirmed = isDeletionConfirmed(typed, status.email);
  const deleteBy = new Date(Date.now() + status.graceDays * 24 * 60 * 60 * 1000).toLocaleDateString(undefined, { dateStyle: 'long' });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped('');
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive" disabled={status.blockers.length > 0}>
          Delete account…
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!isConfirmed) return;
            request.mutate(typed, {
              onSuccess: ({ scheduledFor }) => {
                toast.success('Your account will be deleted', {
                  description: `On ${new Date(scheduledFor).toLocaleDateString(undefined, { dateStyle: 'long' })}. Sign in before then to cancel.`,
                });
                setOpen(false);
                onDeleted();
              },
              onError: (error) => toast.error(getErrorMessage(error)),
            });
          }}
        >
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              You will be signed out everywhere at once, and your account will be deleted for good on {deleteBy}
              {status.organizations.some((o) => o.outcome === 'delete') && ', together with the organizations marked “Deleted with your account”'}. Until then
              you can change your mind: signing in again cancels the deletion.
            </DialogDescription>
          </DialogHeader>
          <Field>
            <Label htmlFor="delete-account-confirmation">
              Type <span className="font-mono font-semibold">{ACCOUNT_DELETION_CONFIRM_WORD}</span> or your e-mail address to confirm
            </Label>
            <Input id="delete-account-confirmation" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={!isConfirmed || request.isPending}>
              {request.isPending && <Spinner />}
              Delete my account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Deleting the account: what happens to each organization, said before anything is confirmed. */
export function DeleteAccountCard({ onDeleted }: { onDeleted: () => void }) {
  const status = useDeletionStatus();

  return (
    <Card className="border-destructive/40" data-testid="delete-account-card">
      <CardHeader>
        <CardTitle>Delete your account</CardTitle>
        <CardDescription>
          {status.data
            ? `Your account is kept for ${status.data.graceDays} days after you ask, then deleted for good. You are signed out at once; signing in during those ${status.data.graceDays} days cancels the deletion.`
            : 'Your account is kept for a grace period after you ask, then deleted for good.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading what deletion would do">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : status.isError ? (
          <LoadErrorAlert query={status} title="Could not check what deletion would do" />
        ) : (
          <>
            {status.data.blockers.length > 0 && (
              <Alert variant="destructive">
                <AlertTriangleIcon />
                <AlertTitle>Your account cannot be deleted yet</AlertTitle>
                <AlertDescription>
                  {status.data.blockers.map((blocker) => (
                    <p key={blocker}>{blocker}</p>
                  ))}
                </AlertDescription>
              </Alert>
            )}
            {status.data.organizations.length === 0 ? (
              <p className="text-sm text-muted-foreground">You belong to no organization: only your account is deleted.</p>
            ) : (
              <div className="space-y-2">
                <p className="text-sm font-medium">Your organizations</p>
                <ul className="divide-y rounded-lg border">
                  {status.data.organizations.map((org) => (
                    <li key={org.id} className="space-y-1 p-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="text-sm font-medium break-words">{org.name}</span>
                        <Badge variant="outline" className="capitalize">
                          {org.role}
                        </Badge>
                        <Badge variant={badgeOf(org).variant}>{badgeOf(org).label}</Badge>
                      </div>
                      <p className="text-sm text-muted-foreground">{outcomeText(org)}</p>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </CardContent>
      {status.data && (
        <CardFooter className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
          <ConfirmDeletionDialog status={status.data} onDeleted={onDeleted} />
          <p className="text-xs text-muted-foreground">Export your organization’s data first if you want to keep a copy.</p>
        </CardFooter>
      )}
    </Card>
  );
}
