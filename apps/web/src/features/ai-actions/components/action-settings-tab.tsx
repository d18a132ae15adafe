import { ACTION_EVENT_HANDLERS_MAX, ACTION_WEBHOOK_TESTS_PER_MINUTE, ACTION_WEBHOOKS_MAX } from '@parley/shared/contracts/ai-actions';
import {
  ACTION_EVENT_PRIORITY_DEFAULT,
  ACTION_EVENT_PRIORITY_MAX,
  ACTION_EVENT_PRIORITY_MIN,
  ACTION_WEBHOOK_RETRIES_DEFAULT,
  ACTION_WEBHOOK_RETRIES_MAX,
  ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS,
  ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS,
  ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS,
} from '@parley/shared/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CategoryManager } from './category-manager';

const RULES: [string, string][] = [
  ['Webhook timeout', `${ACTION_WEBHOOK_TIMEOUT_MIN_SECONDS}–${ACTION_WEBHOOK_TIMEOUT_MAX_SECONDS} s, default ${ACTION_WEBHOOK_TIMEOUT_DEFAULT_SECONDS} s`],
  ['Webhook retries', `0–${ACTION_WEBHOOK_RETRIES_MAX}, default ${ACTION_WEBHOOK_RETRIES_DEFAULT}`],
  ['Default method', 'POST'],
  ['Event handler priority', `${ACTION_EVENT_PRIORITY_MIN}–${ACTION_EVENT_PRIORITY_MAX}, default ${ACTION_EVENT_PRIORITY_DEFAULT}; lower runs first`],
  ['Per action', `up to ${ACTION_WEBHOOKS_MAX} webhooks and ${ACTION_EVENT_HANDLERS_MAX} event handlers`],
  [
    'Webhook tests',
    `sent by the Parley server to public internet addresses only, ${ACTION_WEBHOOK_TESTS_PER_MINUTE} a minute per admin, recorded in the activity log`,
  ],
];

/**
 * Settings tab (a "coming soon" placeholder in the spec): the categories are managed here; the webhook and handler
 * rules are fixed by the product, so they are shown for reference rather than offered as settings.
 */
export function ActionSettingsTab() {
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <CategoryManager />
      <Card className="gap-4">
        <CardHeader>
          <CardTitle className="text-base">Rules for every action</CardTitle>
          <CardDescription>These limits apply everywhere and cannot be changed here.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm">
            {RULES.map(([term, value]) => (
              <div key={term} className="grid gap-0.5">
                <dt className="font-medium">{term}</dt>
                <dd className="text-muted-foreground">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
