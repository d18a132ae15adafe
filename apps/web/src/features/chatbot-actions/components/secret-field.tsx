import { KeyRoundIcon, RotateCcwIcon, Trash2Icon, WandSparklesIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { SecretChoice } from '../utils/action-form';

interface SecretFieldProps {
  id: string;
  /** "Signing secret", "Bearer token". */
  label: string;
  mode: 'create' | 'edit';
  /** Edit: whether one is saved now (the value itself never comes back from the server). */
  isSaved: boolean;
  choice: SecretChoice;
  value: string;
  onChoiceChange: (choice: SecretChoice) => void;
  onValueChange: (value: string) => void;
  placeholder: string;
  hint: string;
  error: string | undefined;
  /** Offers to make one (a signing secret the owner then copies to their receiver). */
  onGenerate?: (() => void) | undefined;
  /** Shown as dots (a token the owner got from elsewhere) rather than in clear (a secret they must copy). */
  isMasked?: boolean;
}

/** A write-only secret: typed when added; when editing, kept, set anew ("Set", "Replace") or removed, never shown. */
export function SecretField({
  id,
  label,
  mode,
  isSaved,
  choice,
  value,
  onChoiceChange,
  onValueChange,
  placeholder,
  hint,
  error,
  onGenerate,
  isMasked = false,
}: SecretFieldProps) {
  const hintId = `${id}-hint`;
  const isTyping = mode === 'create' || choice === 'set';

  if (!isTyping) {
    const status =
      choice === 'remove'
        ? `The ${label.toLowerCase()} is removed when you save.`
        : isSaved
          ? `A ${label.toLowerCase()} is set.`
          : `No ${label.toLowerCase()} is set.`;
    return (
      <div className="grid gap-2 rounded-md border p-3" role="group" aria-labelledby={`${id}-label`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="grid gap-0.5">
            <span id={`${id}-label`} className="text-sm font-medium">
              {label}
            </span>
            <span className="text-xs text-muted-foreground" aria-live="polite">
              {status}
            </span>
          </div>
          <div className="flex flex-wrap gap-2">
            {choice === 'remove' ? (
              <Button type="button" variant="outline" size="sm" onClick={() => onChoiceChange('keep')}>
                <RotateCcwIcon />
                Keep it
              </Button>
            ) : (
              <>
                <Button type="button" variant="outline" size="sm" onClick={() => onChoiceChange('set')}>
                  <KeyRoundIcon />
                  {isSaved ? 'Replace' : 'Set'}
                </Button>
                {isSaved && (
                  <Button type="button" variant="outline" size="sm" onClick={() => onChoiceChange('remove')}>
                    <Trash2Icon />
                    Remove
                  </Button>
                )}
              </>
            )}
          </div>
        </div>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
    );
  }

  return (
    <Field>
      <Label htmlFor={id}>{mode === 'edit' ? `New ${label.toLowerCase()}` : `${label} (optional)`}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type={isMasked ? 'password' : 'text'}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-xs"
          aria-invalid={error ? true : undefined}
          aria-describedby={hintId}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
        {onGenerate && (
          <Button type="button" variant="outline" onClick={onGenerate}>
            <WandSparklesIcon />
            Generate
          </Button>
        )}
        {mode === 'edit' && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              onValueChange('');
              onChoiceChange('keep');
            }}
          >
            Cancel
          </Button>
        )}
      </div>
      {error ? <FieldError id={hintId}>{error}</FieldError> : <FieldDescription id={hintId}>{hint}</FieldDescription>}
    </Field>
  );
}

/** A Standard Webhooks secret made in the browser: `whsec_` and 32 random bytes in base64. */
export function generateSigningSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}
