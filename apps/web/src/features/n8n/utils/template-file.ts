import type { N8nWorkflowTemplate } from '@parley/shared/contracts/n8n';
import type { WorkflowFormValues } from '../components/workflow-dialog';

/** n8n's import format: a workflow with its nodes, connections and settings; `pinData` and ids are n8n's to add. */
export function n8nWorkflowFile(template: Pick<N8nWorkflowTemplate, 'name' | 'template'>): string {
  return JSON.stringify(
    { name: template.name, nodes: template.template.nodes, connections: template.template.connections, settings: { executionOrder: 'v1' } },
    null,
    2,
  );
}

/** "Chat Response Enhancement" → "chat-response-enhancement.json". */
export function templateFileName(name: string): string {
  return `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'workflow'
  }.json`;
}

/**
 * The Add Workflow dialog's starting values for a template: its name and description, a webhook trigger, and the
 * path of its Webhook node (under the n8n webhook base URL) as the endpoint.
 */
export function workflowFromTemplate(template: Pick<N8nWorkflowTemplate, 'name' | 'description' | 'template'>): Partial<WorkflowFormValues> {
  const webhook = template.template.nodes.find((node) => node.type === 'n8n-nodes-base.webhook');
  const path = typeof webhook?.parameters?.path === 'string' ? webhook.parameters.path : '';
  return {
    name: template.name,
    description: template.description,
    triggerType: webhook ? 'webhook' : 'manual',
    endpointUrl: path ? `/${path.replace(/^\/+/, '')}` : '',
  };
}

/** Reads pasted n8n JSON: a whole exported workflow or just {nodes, connections}. */
export function parseTemplateJson(text: string): { nodes: unknown; connections: unknown } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: 'This is not valid JSON. Paste a workflow exported from n8n (Download, or Ctrl+C on the canvas).' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'Paste a JSON object with "nodes" and "connections".' };
  const { nodes, connections } = value as { nodes?: unknown; connections?: unknown };
  return { nodes, connections: connections ?? {} };
}
