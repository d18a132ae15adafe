import { REFERRAL_MESSAGES, REFERRAL_UNLIMITED } from '@parley/shared/contracts/referrals';
import { CoinsIcon, GiftIcon, SettingsIcon, TrendingUpIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { PageHeader } from '@/components/layout/page-header';
import { StatCard } from '@/components/layout/stat-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCompactNumber, formatNumber } from '@/lib/format';
import { useReferralDashboard } from '../api/get-referral-dashboard';
import { ReferralList } from './referral-list';
import { ReferrerList } from './referrer-list';

/** The admin referral dashboard (decided content: docs/decisions/README.md): programme, totals, referrers, sign-ups. */
export function ReferralDashboardView({ settingsPath }: { settingsPath: string | null }) {
  const query = useReferralDashboard();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Referrals"
        description="Customers share their link; when someone they referred first pays, both organizations get the reward tokens."
        actions={
          settingsPath && (
            <Button asChild variant="outline">
              <Link to={settingsPath}>
                <SettingsIcon />
                Referral settings
              </Link>
            </Button>
          )
        }
      />
      {query.isPending ? (
        <LoadingRows label="Loading referrals" rows={2} className="h-28" containerClassName="gap-4" />
      ) : query.isError ? (
        <LoadErrorAlert query={query} title={REFERRAL_MESSAGES.loadFailed} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            <StatCard title="Referrers" icon={UsersIcon} value={formatNumber(query.data.summary.referrers)} footnote="Customers whose link brought a sign-up" />
            <StatCard title="Referred sign-ups" icon={UserPlusIcon} value={formatNumber(query.data.summary.signUps)} footnote="Through a referral link" />
            <StatCard
              title="Conversions"
              icon={TrendingUpIcon}
              value={formatNumber(query.data.summary.conversions)}
              footnote="Referred organizations that paid"
            />
            <StatCard
              title="Tokens granted"
              icon={CoinsIcon}
              value={formatCompactNumber(query.data.summary.tokensGranted)}
              footnote="Rewards credited, both sides"
            />
          </div>
          <Card className="gap-3">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <GiftIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                Programme
                {query.data.settings.enabled ? (
                  <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
                    On
                  </Badge>
                ) : (
                  <Badge variant="secondary">Off</Badge>
                )}
              </CardTitle>
              <CardDescription>
                {query.data.settings.enabled
                  ? `Each side earns ${formatNumber(query.data.settings.rewardTokens)} tokens at the referred organization's first payment; a referrer earns at most ${
                      query.data.settings.maxRewardsPerReferrer === REFERRAL_UNLIMITED
                        ? 'any number of'
                        : formatNumber(query.data.settings.maxRewardsPerReferrer)
                    } rewards.`
                  : 'Off: links still work for sharing, but sign-ups are not attributed and no reward is credited.'}
              </CardDescription>
            </CardHeader>
          </Card>
          <ReferrerList />
          <ReferralList />
        </>
      )}
    </div>
  );
}
