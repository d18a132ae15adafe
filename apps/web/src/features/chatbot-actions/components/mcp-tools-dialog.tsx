import type { McpToolList } from '@parley/shared/contracts/chatbot-actions';
import { AlertCircleIcon, ListIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCreateChatbotAction } from '../api/create-chatbot-action';
import { useDiscoverMcpTools } from '../api/discover-mcp-tools';
import { freeActionName, mcpToolDescription } from '../utils/action-form';

/** A catalogue template that points to an MCP server: its URL, and the tools it offers (every tool when empty). */
export interface McpTemplate {
  templateId: string;
  name: string;
  url: string;
  tools: string[];
}

interface McpToolsDialogProps {
  chatbotId: string;
  /** From the catalogue: the server is the template's, the tools among those it offers, the actions saved with it. */
  template?: McpTemplate;
  /** The chatbot's action names now, so each tool gets a name still free. */
  takenNames: ReadonlySet<string>;
  onClose: () => void;
}

/** An MCP server as a source: its tools listed by the server, the ticked ones added as actions of kind mcp. */
export function McpToolsDialog({ chatbotId, template, takenNames, onClose }: McpToolsDialogProps) {
  const [url, setUrl] = useState(template?.url ?? '');
  const [token, setToken] = useState('');
  const [listed, setListed] = useState<{ url: string; token: string; list: McpToolList } | null>(null);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [addError, setAddError] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);
  const discover = useDiscoverMcpTools(chatbotId);
  const create = useCreateChatbotAction(chatbotId);

  const served = listed?.list.tools ?? [];
  // A template offers some of the server's tools, or all of them when it names none.
  const tools = template && template.tools.length > 0 ? served.filter((tool) => template.tools.includes(tool.name)) : served;

  const list = () => {
    setAddError(null);
    discover.mutate(
      { url: url.trim(), authToken: token.trim() || null },
      {
        onSuccess: (answer) => {
          setListed({ url: url.trim(), token: token.trim(), list: answer });
          setTicked(new Set());
        },
      },
    );
  };

  const add = async () => {
    if (!listed) return;
    setAddError(null);
    setAdding(true);
    const taken = new Set(takenNames);
    const added: string[] = [];
    try {
      for (const tool of tools.filter((t) => ticked.has(t.name))) {
        const name = freeActionName(tool.suggestedName, taken);
        try {
          await create.mutateAsync({
            ...(template ? { templateId: template.templateId } : {}),
            kind: 'mcp',
            name,
            description: mcpToolDescription(tool, listed.list.server.name),
            url: listed.url,
            mcpTool: tool.name,
            authToken: listed.token || null,
            parameters: tool.inputSchema,
          });
        } catch (error) {
          setAddError(`${tool.name}: ${getErrorMessage(error)}${added.length > 0 ? ` (added before it: ${added.join(', ')})` : ''}`);
          return;
        }
        taken.add(name);
        added.push(name);
      }
      toast.success(`${added.length} MCP tool${added.length === 1 ? '' : 's'} added as action${added.length === 1 ? '' : 's'}.`);
      onClose();
    } finally {
      setAdding(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{template ? `Add tools of “${template.name}”` : 'Add tools of an MCP server'}</DialogTitle>
          <DialogDescription>
            {template ? 'From the catalogue: the server is the one the template names. ' : ''}
            Parley connects to the server (Streamable HTTP) and lists its tools. Each tool you tick becomes an action the model may call.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            list();
          }}
        >
          <Field>
            <Label htmlFor="mcp-url">MCP server URL</Label>
            <Input
              id="mcp-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://tools.example.com/mcp"
              value={url}
              readOnly={Boolean(template)}
              onChange={(event) => setUrl(event.target.value)}
              aria-describedby="mcp-url-hint"
            />
            <FieldDescription id="mcp-url-hint">
              {template ? 'The address the catalogue’s template gives.' : 'A public address; private and local networks are refused.'}
            </FieldDescription>
          </Field>
          <Field>
            <Label htmlFor="mcp-token">Bearer token (optional)</Label>
            <Input
              id="mcp-token"
              type="password"
              autoComplete="off"
              value={token}
              onChange={(event) => setToken(event.target.value)}
              aria-describedby="mcp-token-hint"
            />
            <FieldDescription id="mcp-token-hint">If the server asks for one. Stored encrypted with each action, never shown again.</FieldDescription>
          </Field>
          <Button type="submit" variant="outline" className="w-fit" disabled={discover.isPending || !url.trim()}>
            {discover.isPending ? <Spinner /> : <ListIcon />}
            List tools
          </Button>
        </form>
        {discover.isError && (
          <Alert variant="destructive" role="alert">
            <AlertCircleIcon />
            <AlertTitle>The tools could not be listed</AlertTitle>
            <AlertDescription>{getErrorMessage(discover.error)}</AlertDescription>
          </Alert>
        )}
        {listed && (
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium">
              {listed.list.server.name} {listed.list.server.version} offers {tools.length} tool{tools.length === 1 ? '' : 's'}
              {tools.length < served.length ? ` of its ${served.length} through this template` : ''}
            </legend>
            {tools.length === 0 && (
              <p className="text-sm text-muted-foreground">
                {served.length > 0 ? 'The server lists none of the tools this template offers.' : 'This server lists no tools.'}
              </p>
            )}
            {tools.map((tool, index) => (
              <div key={tool.name} className="flex items-start gap-3 rounded-md border p-3">
                <Checkbox
                  id={`mcp-tool-${index}`}
                  checked={ticked.has(tool.name)}
                  onCheckedChange={(checked) =>
                    setTicked((current) => {
                      const next = new Set(current);
                      if (checked === true) next.add(tool.name);
                      else next.delete(tool.name);
                      return next;
                    })
                  }
                  aria-describedby={`mcp-tool-${index}-description`}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={`mcp-tool-${index}`} className="font-mono">
                    {tool.name}
                  </Label>
                  <p id={`mcp-tool-${index}-description`} className="text-xs text-muted-foreground">
                    {tool.description || 'No description.'}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
        )}
        {addError && <FieldError role="alert">{addError}</FieldError>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" disabled={!listed || ticked.size === 0 || isAdding} onClick={() => void add()}>
            {isAdding ? <Spinner /> : <PlusIcon />}
            Add {ticked.size > 0 ? ticked.size : ''} tool{ticked.size === 1 ? '' : 's'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
