import { SECURITY_LOW_SCORE, SECURITY_MESSAGES, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';
import { ShieldAlertIcon } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatTime } from '@/lib/format';
import { useSecurityMetrics } from '../api/get-security-metrics';
import { isLowScore, timeframeLabel } from '../utils/security-format';
import { ApiUsagePanel } from './api-usage-panel';
import { CspViolationsTable } from './csp-violations-table';
import { SecurityAlertsCard } from './security-alerts-card';
import { SecurityEventsTable } from './security-events-table';
import { SecurityMetricCards } from './security-metric-cards';
import { SecurityScoreCard } from './security-score-card';
import { TimeframeSwitch } from './timeframe-switch';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'events', label: 'Security Events' },
  { value: 'csp', label: 'CSP Violations' },
  { value: 'api-usage', label: 'API Usage' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((tab) => tab.value === value);

/** Spec part 2 "Security Monitoring": the 24-hour / 7-day switch, four tabs, refreshed every 30 s. */
export function SecurityMonitoringView({ auditPath }: { auditPath: string }) {
  const [params, setParams] = useSearchParams();
  const hours: SecurityTimeframeHours = params.get('window') === '7d' ? 168 : 24;
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'overview';
  const update = (name: string, value: string | null) =>
    setParams(
      (current) => {
        if (value === null) current.delete(name);
        else current.set(name, value);
        return current;
      },
      { replace: true },
    );
  const metrics = useSecurityMetrics(hours);

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Security Monitoring"
        description={
          metrics.data
            ? `Recorded traffic, sign-ins, rate limits and CSP reports of the ${timeframeLabel(hours)}. Updated ${formatTime(metrics.data.generatedAt)}, every 30 seconds.`
            : `Recorded traffic, sign-ins, rate limits and CSP reports of the ${timeframeLabel(hours)}.`
        }
        actions={<TimeframeSwitch value={hours} onChange={(value) => update('window', value === 168 ? '7d' : null)} />}
      />

      {metrics.data && isLowScore(metrics.data.metrics.security_score) && (
        <Alert variant="destructive" data-testid="low-score-alert">
          <ShieldAlertIcon />
          <AlertTitle>{SECURITY_MESSAGES.lowScoreTitle}</AlertTitle>
          <AlertDescription>
            The security score is {metrics.data.metrics.security_score}, under {SECURITY_LOW_SCORE}.{' '}
            {metrics.data.penalties[0] && `The largest penalty: ${metrics.data.penalties[0].label.toLowerCase()} (−${metrics.data.penalties[0].points}).`}{' '}
            Review the alerts and events below.
          </AlertDescription>
        </Alert>
      )}

      <Tabs value={tab} onValueChange={(value) => update('tab', value === 'overview' ? null : value)}>
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-fit">
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview" className="mt-4 grid grid-cols-1 gap-4">
          {metrics.isPending ? (
            <LoadingRows label="Loading security metrics" rows={3} className="h-28" containerClassName="gap-4" />
          ) : metrics.isError ? (
            <LoadErrorAlert query={metrics} title={SECURITY_MESSAGES.metricsFailed} />
          ) : (
            <>
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
                <SecurityScoreCard data={metrics.data} auditPath={auditPath} />
                <SecurityAlertsCard />
              </div>
              <SecurityMetricCards metrics={metrics.data.metrics} />
            </>
          )}
        </TabsContent>
        <TabsContent value="events" className="mt-4">
          <SecurityEventsTable hours={hours} />
        </TabsContent>
        <TabsContent value="csp" className="mt-4">
          <CspViolationsTable hours={hours} />
        </TabsContent>
        <TabsContent value="api-usage" className="mt-4">
          <ApiUsagePanel hours={hours} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
