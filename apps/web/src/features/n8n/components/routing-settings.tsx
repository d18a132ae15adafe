import type { N8nRoutingRule } from '@parley/shared/contracts/n8n';
import { PencilIcon, PlusIcon, RouteIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { formatNumber } from '@/lib/format';
import { useDeleteRoutingRule } from '../api/delete-routing-rule';
import { useRoutingRules } from '../api/get-routing-rules';
import { useWorkflows } from '../api/get-workflows';
import { useUpdateRoutingRule } from '../api/update-routing-rule';
import { DeleteItemDialog } from './delete-item-dialog';
import { ACTION_LABELS, RoutingRuleDialog } from './routing-rule-dialog';
import { SwitchSetting, type SettingsFormProps } from './settings-fields';

/** Routing: the intelligent routing switch and the saved rules, by priority (spec §4). */
export function RoutingSettings({ control }: Pick<SettingsFormProps, 'control'>) {
  const rules = useRoutingRules();
  const workflows = useWorkflows();
  const update = useUpdateRoutingRule();
  const remove = useDeleteRoutingRule();
  const [editing, setEditing] = useState<N8nRoutingRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<N8nRoutingRule | null>(null);

  const toggle = (rule: N8nRoutingRule, isActive: boolean) =>
    update.mutate(
      { id: rule.id, changes: { isActive } },
      { onError: (error) => toast.error('Error', { description: `Failed to update routing rule: ${getErrorMessage(error)}` }) },
    );

  return (
    <div className="grid gap-5">
      <SwitchSetting
        control={control}
        name="intelligentRoutingEnabled"
        label="Intelligent routing"
        description="Route each document by the rules below (n8n mode only). Off: n8n primary mode decides for every document."
      />
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium">Routing rules</h3>
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing('new')}>
          <PlusIcon />
          Add rule
        </Button>
      </div>
      {rules.isPending ? (
        <LoadingRows label="Loading routing rules" rows={2} className="h-20" />
      ) : rules.isError ? (
        <LoadErrorAlert query={rules} title="Failed to load routing rules" />
      ) : rules.data.items.length === 0 ? (
        <EmptyState
          icon={RouteIcon}
          title="No routing rules"
          description="Send PDFs, large files or one chatbot’s documents to a particular workflow, or keep them in Parley."
        />
      ) : (
        <ul className="grid gap-2" aria-label="Routing rules by priority">
          {rules.data.items.map((rule) => (
            <li key={rule.id} className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="routing-rule">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant="outline" className="tabular-nums" title="Priority">
                  P{rule.priority}
                </Badge>
                <span className="font-medium break-words">{rule.name}</span>
                <Badge variant="secondary">{ACTION_LABELS[rule.action]}</Badge>
                <div className="ml-auto flex items-center gap-1">
                  <Switch checked={rule.isActive} onCheckedChange={(checked) => toggle(rule, checked)} aria-label={`${rule.name} active`} />
                  <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(rule)} aria-label={`Edit ${rule.name}`}>
                    <PencilIcon />
                  </Button>
                  <Button type="button" variant="ghost" size="sm" onClick={() => setDeleting(rule)} aria-label={`Delete ${rule.name}`}>
                    <Trash2Icon />
                  </Button>
                </div>
              </div>
              <code className="rounded bg-muted px-2 py-1 font-mono text-xs break-all">{rule.condition}</code>
              <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                {rule.workflowName && <span>Workflow: {rule.workflowName}</span>}
                <span>{formatNumber(rule.executionCount)} documents routed</span>
                <span>Success rate: {rule.successRate === null ? '—' : `${rule.successRate}%`}</span>
                {rule.executionCount > 0 && (
                  <span>
                    {rule.action === 'edge_function'
                      ? `${formatNumber(rule.outcomes.builtIn)} built-in`
                      : `${formatNumber(rule.outcomes.n8n)} by n8n · ${formatNumber(rule.outcomes.fallback)} by fallback · ${formatNumber(rule.outcomes.failed)} failed`}
                  </span>
                )}
                {!rule.isActive && <span>Inactive</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <RoutingRuleDialog
          key={editing === 'new' ? 'new' : editing.id}
          rule={editing === 'new' ? null : editing}
          workflows={workflows.data?.items ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteItemDialog
          kind="routing rule"
          name={deleting.name}
          id={deleting.id}
          description="Documents this rule matched are routed by the next matching rule, or by n8n primary mode."
          mutation={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
