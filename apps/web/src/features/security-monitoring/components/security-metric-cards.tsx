import type { SecurityMetrics } from '@parley/shared/contracts/security-monitoring';
import {
  ActivityIcon,
  AlertOctagonIcon,
  BanIcon,
  CoinsIcon,
  DollarSignIcon,
  FileWarningIcon,
  KeyRoundIcon,
  MessageSquareIcon,
  ScrollTextIcon,
  XCircleIcon,
  type LucideIcon,
} from 'lucide-react';
import { StatCard } from '@/components/layout/stat-card';
import { formatCompactNumber, formatNumber } from '@/lib/format';
import { formatCost } from '../utils/security-format';

interface MetricDef {
  key: Exclude<keyof SecurityMetrics, 'security_score'>;
  title: string;
  icon: LucideIcon;
  footnote: string;
  format?: (value: number) => string;
}

/** Spec §3 "Security metrics", in the order a reader scans them: threats first, then traffic. */
const METRICS: readonly MetricDef[] = [
  { key: 'high_risk_events_24h', title: 'High-risk events', icon: AlertOctagonIcon, footnote: 'High or critical security events' },
  { key: 'failed_auth_24h', title: 'Failed sign-ins', icon: KeyRoundIcon, footnote: 'Wrong credentials, blocked or refused attempts' },
  { key: 'rate_limit_hits_24h', title: 'Rate-limit hits', icon: BanIcon, footnote: 'Requests refused by a limit (429)' },
  { key: 'csp_violations_24h', title: 'CSP violations', icon: FileWarningIcon, footnote: 'Reports from browsers' },
  { key: 'api_calls_24h', title: 'API calls', icon: ActivityIcon, footnote: 'Requests to /api and /v1' },
  { key: 'api_errors_24h', title: 'API errors', icon: XCircleIcon, footnote: 'Answered with status 400 or more' },
  { key: 'tokens_used_24h', title: 'Tokens used', icon: CoinsIcon, footnote: 'By chat answers', format: formatCompactNumber },
  { key: 'api_cost_24h', title: 'API cost', icon: DollarSignIcon, footnote: 'Estimated from model list prices', format: formatCost },
  { key: 'widget_access_24h', title: 'Widget access', icon: MessageSquareIcon, footnote: 'Requests from embedded widgets' },
  { key: 'total_audit_events_24h', title: 'Audit events', icon: ScrollTextIcon, footnote: 'Admin actions in the activity log' },
];

export function SecurityMetricCards({ metrics }: { metrics: SecurityMetrics }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-5">
      {METRICS.map((metric) => (
        <StatCard
          key={metric.key}
          title={metric.title}
          icon={metric.icon}
          value={(metric.format ?? formatNumber)(metrics[metric.key])}
          footnote={metric.footnote}
        />
      ))}
    </div>
  );
}
