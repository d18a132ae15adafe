import type { ChatbotAction, TestChatbotActionResult } from '@parley/shared/contracts/chatbot-actions';
import { CheckCircle2Icon, FlaskConicalIcon, MousePointerClickIcon, PencilIcon, Trash2Icon, XCircleIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import { ACTION_KIND_LABELS } from '../utils/action-display';
import { describeTestResult } from '../utils/test-result';

interface ActionListProps {
  actions: ChatbotAction[];
  /** The last test of each action made on this screen (tests are not stored). */
  lastTests: Readonly<Record<string, TestChatbotActionResult>>;
  canEdit: boolean;
  /** The actions whose switch is being saved. */
  pendingIds: ReadonlySet<string>;
  onToggle: (action: ChatbotAction, enabled: boolean) => void;
  onEdit: (action: ChatbotAction) => void;
  onTest: (action: ChatbotAction) => void;
  onDelete: (action: ChatbotAction) => void;
}

function LastTest({ result }: { result: TestChatbotActionResult | undefined }) {
  if (!result) return <span className="text-muted-foreground">Not tested yet</span>;
  const Icon = result.success ? CheckCircle2Icon : XCircleIcon;
  return (
    <span className={cn('inline-flex items-center gap-1', result.success ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive')}>
      <Icon className="size-3.5" aria-hidden="true" />
      {result.success ? 'Last test passed' : 'Last test failed'}: {describeTestResult(result)}
    </span>
  );
}

/** The chatbot's actions, one row each: what it is, whether the model is offered it, its last test, and what can be done. */
export function ActionList({ actions, lastTests, canEdit, pendingIds, onToggle, onEdit, onTest, onDelete }: ActionListProps) {
  return (
    <ul className="divide-y rounded-md border" aria-label="Actions">
      {actions.map((action) => (
        <li key={action.id} className="grid gap-3 p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-testid="chatbot-action-row">
          <div className="grid min-w-0 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <span className={cn('truncate font-mono text-sm font-medium', !action.enabled && 'text-muted-foreground')}>{action.name}</span>
              <Badge variant="secondary">{ACTION_KIND_LABELS[action.kind]}</Badge>
              {action.offerAsButton && (
                <Badge variant="outline">
                  <MousePointerClickIcon aria-hidden="true" />
                  Button
                </Badge>
              )}
              {!action.enabled && <Badge variant="outline">Off</Badge>}
            </div>
            <p className="line-clamp-2 text-sm text-muted-foreground">{action.description}</p>
            <p className="text-xs">
              <LastTest result={lastTests[action.id]} />
            </p>
          </div>
          {canEdit && (
            <div className="flex flex-wrap items-center gap-1 sm:justify-end">
              <Switch
                checked={action.enabled}
                disabled={pendingIds.has(action.id)}
                onCheckedChange={(enabled) => onToggle(action, enabled)}
                aria-label={`Offer ${action.name} to the model`}
                className="mr-2"
              />
              <Button type="button" variant="ghost" size="sm" onClick={() => onTest(action)} aria-label={`Test ${action.name}`}>
                <FlaskConicalIcon />
                Test
              </Button>
              <Button type="button" variant="ghost" size="icon" onClick={() => onEdit(action)} aria-label={`Edit ${action.name}`}>
                <PencilIcon />
              </Button>
              <Button type="button" variant="ghost" size="icon" onClick={() => onDelete(action)} aria-label={`Delete ${action.name}`}>
                <Trash2Icon />
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
