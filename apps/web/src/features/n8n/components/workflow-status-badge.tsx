import type { N8nWorkflowStatus } from '@parley/shared/contracts/n8n';
import { Badge } from '@/components/ui/badge';
import { humanize } from '@/lib/format';

/** Spec §4: active = default badge, error = destructive, anything else = secondary. */
export function WorkflowStatusBadge({ status }: { status: N8nWorkflowStatus }) {
  return <Badge variant={status === 'active' ? 'default' : status === 'error' ? 'destructive' : 'secondary'}>{humanize(status)}</Badge>;
}
