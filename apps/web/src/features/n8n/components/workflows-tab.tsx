import type { N8nWorkflow } from '@parley/shared/contracts/n8n';
import { AlertTriangleIcon, PauseIcon, PencilIcon, PlayIcon, PlusIcon, Trash2Icon, WorkflowIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useDeleteWorkflow } from '../api/delete-workflow';
import { useWorkflows } from '../api/get-workflows';
import { useUpdateWorkflow } from '../api/update-workflow';
import { DeleteItemDialog } from './delete-item-dialog';
import { TRIGGER_LABELS, type WorkflowDialogTarget } from './workflow-dialog';
import { WorkflowStatusBadge } from './workflow-status-badge';

const N8N_STATE_LABELS = { active: 'Active in n8n', inactive: 'Inactive in n8n', not_found: 'Not in n8n' } as const;

/** The workflow's state in n8n itself, read with the saved API key (Parley's Active is the admin's own flag). */
function N8nStateBadge({ state }: { state: keyof typeof N8N_STATE_LABELS }) {
  return (
    <Badge variant={state === 'active' ? 'secondary' : 'outline'} className={state === 'not_found' ? 'text-destructive' : undefined} data-testid="n8n-state">
      {N8N_STATE_LABELS[state]}
    </Badge>
  );
}

/** Spec §2 Workflows tab: name with description, status, trigger, executions and actions. */
export function WorkflowsTab({ onOpen }: { onOpen: (target: WorkflowDialogTarget) => void }) {
  const workflows = useWorkflows();
  const update = useUpdateWorkflow();
  const remove = useDeleteWorkflow();
  const [deleting, setDeleting] = useState<N8nWorkflow | null>(null);

  const toggle = (workflow: N8nWorkflow) => {
    const status = workflow.status === 'active' ? 'inactive' : 'active';
    update.mutate(
      { id: workflow.id, changes: { status } },
      {
        onSuccess: () => toast.success(status === 'active' ? `${workflow.name} is active` : `${workflow.name} is inactive`),
        onError: (error) => toast.error('Error', { description: `Failed to update workflow: ${getErrorMessage(error)}` }),
      },
    );
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Workflows</CardTitle>
        <CardDescription>The n8n workflows Parley knows about. Executions count every request Parley sent to a workflow.</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">
        {workflows.isPending ? (
          <LoadingRows label="Loading workflows" rows={3} className="h-14" containerClassName="px-6 sm:px-0" />
        ) : workflows.isError ? (
          <div className="px-6 sm:px-0">
            <LoadErrorAlert query={workflows} title="Failed to load workflows" />
          </div>
        ) : workflows.data.items.length === 0 ? (
          <div className="px-6 sm:px-0">
            <EmptyState
              icon={WorkflowIcon}
              title="No workflows yet"
              description="Add the n8n workflows Parley should work with, or start from a template under Settings → Templates."
              action={
                <Button onClick={() => onOpen({ initial: {} })}>
                  <PlusIcon />
                  Add Workflow
                </Button>
              }
            />
          </div>
        ) : (
          <>
            {workflows.data.n8nStates.error && (
              <Alert className="mb-4" data-testid="n8n-states-error">
                <AlertTriangleIcon />
                <AlertTitle>n8n's own workflow states could not be read</AlertTitle>
                <AlertDescription>{workflows.data.n8nStates.error}</AlertDescription>
              </Alert>
            )}
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead className="hidden sm:table-cell">Status</TableHead>
                  <TableHead className="hidden md:table-cell">Trigger</TableHead>
                  <TableHead className="text-right">Executions</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {workflows.data.items.map((workflow) => (
                  <TableRow key={workflow.id} data-testid="workflow-row">
                    <TableCell className="max-w-72 min-w-32 whitespace-normal">
                      <div className="font-medium break-words">{workflow.name}</div>
                      {workflow.description && <div className="line-clamp-2 text-xs text-muted-foreground">{workflow.description}</div>}
                      <div className="mt-1 sm:hidden">
                        <WorkflowStatusBadge status={workflow.status} />
                      </div>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <div className="flex flex-col items-start gap-1">
                        <WorkflowStatusBadge status={workflow.status} />
                        {workflow.n8nState && <N8nStateBadge state={workflow.n8nState} />}
                      </div>
                    </TableCell>
                    <TableCell className="hidden text-muted-foreground md:table-cell">{TRIGGER_LABELS[workflow.triggerType]}</TableCell>
                    <TableCell
                      className="text-right tabular-nums"
                      title={workflow.lastExecution ? `Last: ${formatDateTime(workflow.lastExecution)}` : 'Never executed'}
                    >
                      {formatNumber(workflow.executionCount)}
                    </TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => toggle(workflow)}
                          disabled={update.isPending && update.variables?.id === workflow.id}
                          aria-label={`${workflow.status === 'active' ? 'Deactivate' : 'Activate'} ${workflow.name}`}
                        >
                          {workflow.status === 'active' ? <PauseIcon /> : <PlayIcon />}
                          <span className="hidden lg:inline">{workflow.status === 'active' ? 'Deactivate' : 'Activate'}</span>
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => onOpen({ workflow })} aria-label={`Edit ${workflow.name}`}>
                          <PencilIcon />
                          <span className="hidden lg:inline">Edit</span>
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setDeleting(workflow)} aria-label={`Delete ${workflow.name}`}>
                          <Trash2Icon />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
      {deleting && (
        <DeleteItemDialog
          kind="workflow"
          name={deleting.name}
          id={deleting.id}
          description="Parley forgets this workflow and its execution count; endpoints linked to it stay, unlinked. The workflow in n8n is not touched."
          mutation={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
