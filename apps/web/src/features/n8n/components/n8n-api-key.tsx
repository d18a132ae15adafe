import type { N8nAdvancedSettings } from '@parley/shared/contracts/n8n';
import { KeyIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useSaveN8nApiKey } from '../api/save-n8n-api-key';

/**
 * The n8n API key (n8n → Settings → n8n API): with it, the Workflows tab shows whether each workflow is active in n8n
 * itself, next to Parley's own flag. Stored encrypted; only its end is shown again.
 */
export function N8nApiKey({ settings }: { settings: N8nAdvancedSettings }) {
  const save = useSaveN8nApiKey();
  const [value, setValue] = useState('');
  const submit = (apiKey: string | null) =>
    save.mutate(apiKey, {
      onSuccess: () => {
        setValue('');
        toast.success(apiKey ? 'n8n API key saved' : 'n8n API key removed');
      },
      onError: (error) => toast.error('Error', { description: getErrorMessage(error) }),
    });

  return (
    <form
      className="grid gap-3 rounded-lg border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (value.trim()) submit(value.trim());
      }}
    >
      <div className="flex items-start gap-3">
        <KeyIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="grid gap-1 text-sm">
          <Label htmlFor="n8n-api-key" className="font-medium">
            n8n API key
          </Label>
          <p className="text-muted-foreground">
            Optional. Made in n8n under Settings → n8n API. With it, the Workflows tab shows whether each workflow (by its n8n workflow ID) is active in n8n
            itself; Parley's own Active is a flag you set.
          </p>
          <p data-testid="n8n-api-key-hint">
            {settings.apiKeyHint ? (
              <>
                Saved key ends in <span className="font-mono font-medium">…{settings.apiKeyHint}</span>
              </>
            ) : (
              <span className="text-muted-foreground">No key saved: n8n's own states are not read.</span>
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Input
          id="n8n-api-key"
          type="password"
          autoComplete="off"
          className="max-w-sm font-mono"
          placeholder={settings.apiKeyHint ? 'Paste a new key to replace it' : 'Paste the key'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={save.isPending || !value.trim()}>
          {save.isPending && <Spinner />}
          Save key
        </Button>
        {settings.apiKeyHint && (
          <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => submit(null)}>
            Remove key
          </Button>
        )}
      </div>
    </form>
  );
}
