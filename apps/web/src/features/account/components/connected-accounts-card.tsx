import { KeyRoundIcon, LinkIcon, UnlinkIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useConnectedAccounts, useUnlinkAccount } from '../api/get-connected-accounts';

/** The ways this account signs in; a single sign-on link can be removed while another way remains. */
export function ConnectedAccountsCard() {
  const accounts = useConnectedAccounts();
  const unlink = useUnlinkAccount();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in methods</CardTitle>
        <CardDescription>E-mail and password, and the single sign-on providers connected to your account.</CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <LoadingRows label="Loading sign-in methods" rows={2} className="h-12 w-full" />
        ) : accounts.isError ? (
          <LoadErrorAlert query={accounts} title="Could not load your sign-in methods" />
        ) : accounts.data.items.length === 0 ? (
          <EmptyState icon={LinkIcon} title="No sign-in methods" description="This account has no way to sign in recorded. Contact support." />
        ) : (
          <ul className="divide-y">
            {accounts.data.items.map((account) => {
              const Icon = account.kind === 'credential' ? KeyRoundIcon : LinkIcon;
              const isUnlinking = unlink.isPending && unlink.variables === account.id;
              return (
                <li key={account.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
                  <div className="flex min-w-0 flex-1 items-start gap-3">
                    <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted">
                      <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                    </div>
                    <div className="min-w-0">
                      <p className="text-sm font-medium">{account.providerName}</p>
                      <p className="text-xs text-muted-foreground">
                        Connected {new Date(account.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}
                        {account.kind === 'oauth' && !account.canUnlink && ' · your only way to sign in'}
                      </p>
                    </div>
                  </div>
                  {account.kind === 'oauth' && (
                    <Button
                      variant="outline"
                      size="sm"
                      className="self-start sm:self-auto"
                      disabled={!account.canUnlink || isUnlinking}
                      title={account.canUnlink ? undefined : 'Add another way to sign in first'}
                      onClick={() =>
                        unlink.mutate(account.id, {
                          onSuccess: () => toast.success(`${account.providerName} disconnected`),
                          onError: (error) => toast.error(getErrorMessage(error)),
                        })
                      }
                    >
                      {isUnlinking ? <Spinner /> : <UnlinkIcon />}
                      Disconnect
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
