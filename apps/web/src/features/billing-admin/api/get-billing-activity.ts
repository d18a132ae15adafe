import { BILLING_REFRESH_MS, type BillingEventItem, type InvoiceItem, type SubscriberItem } from '@parley/shared/contracts/billing-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { BILLING_ADMIN_QUERY_KEY } from './get-billing-summary';

export type ActivityKind = 'events' | 'subscribers' | 'invoices';
export interface ActivityItems {
  events: BillingEventItem[];
  subscribers: SubscriberItem[];
  invoices: InvoiceItem[];
}

const PATHS: Record<ActivityKind, string> = {
  events: '/api/admin/billing/events',
  subscribers: '/api/admin/billing/subscribers',
  invoices: '/api/admin/billing/recent-invoices',
};

/** Activity Logs: billing events (50), subscribers (20), invoices (20); every 5 s in auto mode, on demand otherwise. */
export function getBillingActivityQueryOptions<K extends ActivityKind>(kind: K, auto: boolean) {
  return queryOptions({
    queryKey: [...BILLING_ADMIN_QUERY_KEY, 'activity', kind],
    queryFn: ({ signal }) => api.get<{ items: ActivityItems[K] }>(PATHS[kind], { signal }),
    refetchInterval: auto ? BILLING_REFRESH_MS.activityAuto : false,
  });
}

export function useBillingActivity<K extends ActivityKind>(kind: K, auto: boolean) {
  return useQuery(getBillingActivityQueryOptions(kind, auto));
}
