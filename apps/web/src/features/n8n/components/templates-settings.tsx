import type { N8nWorkflowTemplate } from '@parley/shared/contracts/n8n';
import { DownloadIcon, LayoutTemplateIcon, PlusIcon, Trash2Icon, WorkflowIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useDeleteWorkflowTemplate } from '../api/delete-workflow-template';
import { useWorkflowTemplates } from '../api/get-workflow-templates';
import { n8nWorkflowFile, templateFileName, workflowFromTemplate } from '../utils/template-file';
import { DeleteItemDialog } from './delete-item-dialog';
import { TemplateDialog } from './template-dialog';
import type { WorkflowDialogTarget } from './workflow-dialog';

function download(template: N8nWorkflowTemplate) {
  const url = URL.createObjectURL(new Blob([n8nWorkflowFile(template)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = templateFileName(template.name);
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** n8n's names of the credential types its core nodes use most; other types show as n8n names them. */
const CREDENTIAL_TYPES: Record<string, string> = { httpHeaderAuth: 'Header Auth', httpBasicAuth: 'Basic Auth', httpBearerAuth: 'Bearer Auth' };

/**
 * Templates: the built-in ones (each for a request Parley really sends n8n) and saved ones; use one to add a
 * workflow, or download it for n8n. Each lists the n8n credentials it needs, so it can be activated after import.
 */
export function TemplatesSettings({ onUse }: { onUse: (target: WorkflowDialogTarget) => void }) {
  const templates = useWorkflowTemplates();
  const remove = useDeleteWorkflowTemplate();
  const [isAdding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<N8nWorkflowTemplate | null>(null);

  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">n8n workflows to start from: download one and import it in n8n, then add it here.</p>
        <Button type="button" variant="outline" size="sm" onClick={() => setAdding(true)}>
          <PlusIcon />
          Save template
        </Button>
      </div>
      {templates.isPending ? (
        <LoadingRows label="Loading templates" rows={3} className="h-36 rounded-xl" containerClassName="gap-3 md:grid-cols-2" />
      ) : templates.isError ? (
        <LoadErrorAlert query={templates} title="Failed to load templates" />
      ) : templates.data.items.length === 0 ? (
        <EmptyState icon={LayoutTemplateIcon} title="No templates" description="Save an n8n workflow as a template to start new workflows from it." />
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Workflow templates">
          {templates.data.items.map((template) => (
            <li key={template.id} className="flex flex-col gap-3 rounded-xl border p-4" data-testid="workflow-template">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{template.name}</span>
                <Badge variant="secondary">{template.category}</Badge>
                {template.isBuiltIn ? <Badge variant="outline">Built-in</Badge> : !template.isPublic && <Badge variant="outline">Only you</Badge>}
              </div>
              {template.description && <p className="text-sm text-muted-foreground">{template.description}</p>}
              <p className="text-xs text-muted-foreground">
                {template.template.nodes.length} nodes: {template.template.nodes.map((node) => node.name).join(', ')}
                {Object.keys(template.variables).length > 0 && (
                  <>
                    {' · '}variables <span className="font-mono">{Object.keys(template.variables).join(', ')}</span>
                  </>
                )}
              </p>
              {template.credentials.length > 0 && (
                <p className="text-xs text-muted-foreground">
                  Needs the n8n {template.credentials.length === 1 ? 'credential' : 'credentials'}{' '}
                  {template.credentials.map((credential, index) => (
                    <span key={`${credential.type}:${credential.name}`}>
                      {index > 0 && ', '}
                      <span className="font-medium text-foreground">{credential.name || '(unnamed)'}</span> (
                      {CREDENTIAL_TYPES[credential.type] ?? credential.type})
                    </span>
                  ))}
                  {template.isBuiltIn && template.credentials.some((credential) => credential.type === 'httpHeaderAuth') && (
                    <> — Header Auth with the name Authorization and the value “Bearer ” followed by the secret from Settings → Security.</>
                  )}
                </p>
              )}
              <div className="mt-auto flex flex-wrap gap-2">
                <Button type="button" size="sm" onClick={() => onUse({ initial: workflowFromTemplate(template) })}>
                  <WorkflowIcon />
                  Use
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => download(template)}>
                  <DownloadIcon />
                  Download for n8n
                </Button>
                {!template.isBuiltIn && (
                  <Button type="button" variant="ghost" size="sm" onClick={() => setDeleting(template)} aria-label={`Delete ${template.name}`}>
                    <Trash2Icon />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {isAdding && <TemplateDialog onClose={() => setAdding(false)} />}
      {deleting && (
        <DeleteItemDialog
          kind="template"
          name={deleting.name}
          id={deleting.id}
          description="The template is removed for everyone who can see it. Workflows added from it stay."
          mutation={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
