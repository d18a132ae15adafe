import { isPackageForSale, TOKEN_PACKAGE_MESSAGES } from '@parley/shared/contracts/token-packages';
import { formatPricePerThousandTokens, formatPricePerToken, formatTokenAmount, formatUsd, parseIntegerOr0 } from '@parley/shared/pricing';
import { SaveIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';

/** A package as edited: the numbers stay as typed and are read as integers, 0 when not a number (spec §5). */
export interface PackageDraft {
  key: string;
  id: string | null;
  name: string;
  tokens: string;
  priceCents: string;
  isActive: boolean;
}

interface TokenPackageRowProps {
  draft: PackageDraft;
  isDirty: boolean;
  isSaving: boolean;
  error: string | null;
  onChange: (next: PackageDraft) => void;
  onSave: () => void;
  onDelete: () => void;
}

/** One editable package (spec §2): name, tokens, price in cents, active, Save and Delete, and the price-per-token line. */
export function TokenPackageRow({ draft, isDirty, isSaving, error, onChange, onSave, onDelete }: TokenPackageRowProps) {
  const tokens = parseIntegerOr0(draft.tokens);
  const priceCents = parseIntegerOr0(draft.priceCents);
  const id = draft.key;
  const label = draft.name.trim() || 'new package';
  return (
    <li
      className={cn('grid gap-3 rounded-lg border bg-card p-4', draft.id === null && 'border-dashed border-brand/60')}
      data-testid="token-package-row"
      aria-label={label}
    >
      <form
        className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
        noValidate
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input id={`${id}-name`} value={draft.name} maxLength={100} onChange={(event) => onChange({ ...draft, name: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-tokens`}>Tokens</Label>
          <Input
            id={`${id}-tokens`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.tokens}
            onChange={(event) => onChange({ ...draft, tokens: event.target.value })}
          />
          <span className="text-xs text-muted-foreground">{formatTokenAmount(tokens)} tokens</span>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-price`}>Price (cents)</Label>
          <Input
            id={`${id}-price`}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={draft.priceCents}
            onChange={(event) => onChange({ ...draft, priceCents: event.target.value })}
          />
          <span className="text-xs text-muted-foreground">{formatUsd(priceCents)}</span>
        </div>
        <div className="flex flex-wrap items-center gap-2 md:pt-6">
          <label className="mr-1 flex items-center gap-2 text-sm">
            <Switch checked={draft.isActive} onCheckedChange={(isActive) => onChange({ ...draft, isActive })} aria-label={`${label} is on sale`} />
            Active
          </label>
          <Button type="submit" size="sm" disabled={!isDirty || isSaving}>
            {isSaving ? <Spinner /> : <SaveIcon />}
            Save
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label={`Delete ${label}`}
          >
            <Trash2Icon />
            Delete
          </Button>
        </div>
      </form>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground" data-testid="price-per-token">
        <span>
          Price per token: <span className="font-medium text-foreground tabular-nums">{formatPricePerToken(priceCents, tokens)}</span>
        </span>
        <span aria-hidden="true">·</span>
        <span className="tabular-nums">{formatPricePerThousandTokens(priceCents, tokens)} per 1K tokens</span>
        {draft.isActive && !isPackageForSale({ isActive: draft.isActive, priceCents }) && (
          <Badge variant="outline" className="border-amber-500/50 text-amber-700 dark:text-amber-400" data-testid="package-not-for-sale">
            {TOKEN_PACKAGE_MESSAGES.notForSale}
          </Badge>
        )}
        {draft.id === null ? (
          <Badge variant="outline" className="border-brand/40 text-brand">
            Not saved yet
          </Badge>
        ) : (
          isDirty && <Badge variant="secondary">Unsaved changes</Badge>
        )}
      </p>
      <FieldError>{error}</FieldError>
    </li>
  );
}
