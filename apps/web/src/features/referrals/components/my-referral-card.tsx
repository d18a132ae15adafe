import { GiftIcon } from 'lucide-react';
import { CopyButton } from '@/components/layout/copy-button';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { formatNumber } from '@/lib/format';
import { useMyReferral } from '../api/get-my-referral';

/** The customer's referral link and what it brought (GET /api/referrals/me). */
export function MyReferralCard() {
  const query = useMyReferral();
  return (
    <Card className="gap-4" data-testid="my-referral">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GiftIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Your referral link
        </CardTitle>
        <CardDescription>
          {query.data?.enabled
            ? `Share it. When someone who signs up through it first pays, you and they each get ${formatNumber(query.data.rewardTokens)} tokens added to your token balance.`
            : 'Share it with people who might use Parley.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <LoadingRows label="Loading your referral link" rows={2} className="h-10" />
        ) : query.isError ? (
          <LoadErrorAlert query={query} title="Failed to load your referral link" />
        ) : (
          <>
            {!query.data.enabled && (
              <Alert>
                <AlertDescription>The referral programme is not running at the moment: sign-ups through links are not rewarded now.</AlertDescription>
              </Alert>
            )}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input readOnly value={query.data.link} aria-label="Referral link" className="font-mono text-xs" onFocus={(event) => event.target.select()} />
              <CopyButton text={query.data.link} label="Copy referral link" />
            </div>
            <dl className="grid grid-cols-3 gap-3 text-center">
              {[
                ['Sign-ups', query.data.signUps],
                ['Became customers', query.data.conversions],
                ['Tokens earned', query.data.tokensEarned],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg border p-3">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{formatNumber(Number(value))}</dd>
                </div>
              ))}
            </dl>
            {query.data.capReached && (
              <p className="text-sm text-muted-foreground">You have earned the most rewards the programme allows; friends you refer are still rewarded.</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
