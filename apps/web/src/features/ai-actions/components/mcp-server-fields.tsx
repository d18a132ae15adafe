import { ACTION_TEMPLATE_MCP_MESSAGES, ACTION_URL_MAX, templateMcpServer } from '@parley/shared/contracts/ai-actions';
import type { McpToolList } from '@parley/shared/contracts/chatbot-actions';
import { AlertCircleIcon, ListIcon, ServerIcon } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useListTemplateMcpTools } from '../api/list-template-mcp-tools';
import type { TemplateFormValues } from '../utils/template-form-values';
import { readMcpDraft, writeMcpDraft, type McpDraft } from '../utils/template-mcp';

/**
 * The Configuration tab's "MCP server" (docs/decisions/0048-mcp-action-sources.md): a template may point to a remote
 * MCP server instead of a webhook. The section edits the configuration's `mcp` entry (`{"url", "tools"}`), so the JSON
 * below always shows what is saved; the credential typed here serves the look-up only and is never saved.
 */
export function McpServerFields({ form }: { form: UseFormReturn<TemplateFormValues> }) {
  const configText = form.watch('templateConfig');
  const draft = readMcpDraft(configText);
  const [credential, setCredential] = useState('');
  const [listed, setListed] = useState<{ url: string; list: McpToolList } | null>(null);
  const lookUp = useListTemplateMcpTools();
  const isEditable = draft !== null;
  const url = draft?.url ?? '';
  const ticked = new Set(draft?.tools ?? []);

  const write = (next: McpDraft) => {
    const text = writeMcpDraft(form.getValues('templateConfig'), next);
    if (text === null) return;
    // Checked at once only when an error is showing, so it clears as soon as the entry is right.
    form.setValue('templateConfig', text, { shouldDirty: true, shouldValidate: Boolean(form.formState.errors.templateConfig) });
  };

  const list = () => {
    const target = url.trim();
    lookUp.mutate({ url: target, authToken: credential.trim() || null }, { onSuccess: (answer) => setListed({ url: target, list: answer }) });
  };

  // The server's tools as listed, then any the template offers that the server did not list (so they can be unticked).
  const listedTools = listed && listed.url === url.trim() ? listed.list.tools : null;
  const rows = [
    ...(listedTools ?? []).map((tool) => ({ name: tool.name, description: tool.description || 'No description.' })),
    ...(draft?.tools ?? [])
      .filter((name) => !listedTools?.some((tool) => tool.name === name))
      .map((name) => ({ name, description: listedTools ? 'Not listed by the server now.' : 'List the tools to see its description.' })),
  ];
  const isComplete = templateMcpServer(configText) !== null;
  // The contract's word on the entry, shown here too (the JSON field below shows it as well).
  const entryError = form.formState.errors.templateConfig?.message;
  const mcpError = entryError && (Object.values(ACTION_TEMPLATE_MCP_MESSAGES) as string[]).includes(entryError) ? entryError : null;

  return (
    <section className="grid gap-4 rounded-md border p-4" aria-labelledby="action-mcp-title">
      <div className="grid gap-1">
        <h3 id="action-mcp-title" className="flex items-center gap-2 text-sm font-medium">
          <ServerIcon className="size-4" aria-hidden="true" />
          MCP server
        </h3>
        <p className="text-sm text-muted-foreground">
          Optional. Point the template to a remote MCP server (Streamable HTTP): owners who add it list the server’s tools and enable those you offer.
        </p>
      </div>
      {!isEditable && (
        <p className="text-sm text-amber-700 dark:text-amber-400" role="status">
          The configuration below is not a JSON object. Fix it to point this template to an MCP server.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field>
          <Label htmlFor="action-mcp-url">MCP server URL</Label>
          <Input
            id="action-mcp-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            maxLength={ACTION_URL_MAX}
            placeholder="https://tools.example.com/mcp"
            value={url}
            disabled={!isEditable}
            onChange={(event) => write({ url: event.target.value, tools: draft?.tools ?? [] })}
            onBlur={() => void form.trigger('templateConfig')}
            aria-invalid={mcpError ? true : undefined}
            aria-describedby="action-mcp-url-hint"
          />
          {mcpError ? (
            <FieldError id="action-mcp-url-hint">{mcpError}</FieldError>
          ) : (
            <FieldDescription id="action-mcp-url-hint">A public address; private and local networks are refused. Empty: no MCP server.</FieldDescription>
          )}
        </Field>
        <Field>
          <Label htmlFor="action-mcp-credential">Bearer token for listing (optional)</Label>
          <Input
            id="action-mcp-credential"
            type="password"
            autoComplete="off"
            value={credential}
            disabled={!isEditable}
            onChange={(event) => setCredential(event.target.value)}
            aria-describedby="action-mcp-credential-hint"
          />
          <FieldDescription id="action-mcp-credential-hint">Used for this look-up only, never saved: owners give their own.</FieldDescription>
        </Field>
      </div>
      <Button type="button" variant="outline" className="w-fit" disabled={!isEditable || !url.trim() || lookUp.isPending} onClick={list}>
        {lookUp.isPending ? <Spinner /> : <ListIcon />}
        List tools
      </Button>
      {lookUp.isError && (
        <Alert variant="destructive" role="alert">
          <AlertCircleIcon />
          <AlertTitle>The tools could not be listed</AlertTitle>
          <AlertDescription>{getErrorMessage(lookUp.error)}</AlertDescription>
        </Alert>
      )}
      {rows.length > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            {listedTools && listed
              ? `${listed.list.server.name} ${listed.list.server.version} offers ${listedTools.length} tool${listedTools.length === 1 ? '' : 's'}`
              : 'Tools the template offers'}
          </legend>
          <p className="text-xs text-muted-foreground">Tick the tools owners may enable. None ticked: every tool the server lists.</p>
          {rows.map((tool, index) => (
            <div key={tool.name} className="flex items-start gap-3 rounded-md border p-3">
              <Checkbox
                id={`action-mcp-tool-${index}`}
                checked={ticked.has(tool.name)}
                disabled={!isEditable}
                onCheckedChange={(checked) =>
                  write({
                    url,
                    tools: checked === true ? [...(draft?.tools ?? []), tool.name] : (draft?.tools ?? []).filter((name) => name !== tool.name),
                  })
                }
                aria-describedby={`action-mcp-tool-${index}-description`}
                className="mt-0.5"
              />
              <div className="grid gap-0.5">
                <Label htmlFor={`action-mcp-tool-${index}`} className="font-mono">
                  {tool.name}
                </Label>
                <p id={`action-mcp-tool-${index}-description`} className="text-xs text-muted-foreground">
                  {tool.description}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
      )}
      {listedTools && listedTools.length === 0 && <p className="text-sm text-muted-foreground">This server lists no tools.</p>}
      {isComplete && (
        <p className="text-xs text-muted-foreground" data-testid="action-mcp-summary">
          Owners see this template as an MCP server: {ticked.size === 0 ? 'every tool it lists' : `${ticked.size} tool${ticked.size === 1 ? '' : 's'}`}.
        </p>
      )}
    </section>
  );
}
