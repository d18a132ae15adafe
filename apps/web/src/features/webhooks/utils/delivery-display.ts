import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDeliveryStatus } from '@parley/shared/contracts/webhooks';

/** How a delivery's status looks: delivered green, retrying amber, failed red, pending neutral. */
export const DELIVERY_STATUS_STYLE: Record<WebhookDeliveryStatus, string> = {
  succeeded: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  failed: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300',
  dead: 'border-red-500/40 bg-red-500/10 text-red-700 dark:text-red-300',
  pending: 'border-border bg-muted text-muted-foreground',
};

export const deliveryStatusLabel = (status: WebhookDeliveryStatus) => WEBHOOK_DELIVERY_STATUS_LABELS[status];

/** "in 4 min", "in 2 h", "now": when a retry is due. */
export function formatDueIn(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (seconds <= 5) return 'now';
  if (seconds < 90) return `in ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 36 ? `in ${hours} h` : `in ${Math.round(hours / 24)} days`;
}

/** A JSON body pretty-printed for reading; anything else as it came. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
