import { TOKEN_CONVERSION_MESSAGES as MESSAGES } from '@parley/shared/contracts/token-conversion';
import { CALCULATOR_TEXT_MAX } from '@parley/shared/contracts/token-conversion';
import { CalculatorIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useCalculateTokens } from '../api/calculate-tokens';

const number = new Intl.NumberFormat('en-US');

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border bg-muted/30 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

/** Spec §2 Calculator tab: test text → estimated tokens, from the server's meter (the rules saved, not the form). */
export function TokenCalculator({ hasUnsavedChanges }: { hasUnsavedChanges: boolean }) {
  const [text, setText] = useState('');
  const calculate = useCalculateTokens();

  const run = () => {
    if (!text.trim()) {
      toast.error(MESSAGES.enterTestText);
      return;
    }
    calculate.mutate(text, { onError: (error) => toast.error(MESSAGES.calculateFailed, { description: getErrorMessage(error) }) });
  };

  const result = calculate.data;
  return (
    <div className="grid gap-4">
      <Field>
        <Label htmlFor="calculator-text">Test text</Label>
        <Textarea
          id="calculator-text"
          rows={6}
          maxLength={CALCULATOR_TEXT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Paste a message or a passage of a document…"
        />
        <FieldDescription>
          Counted by the same meter that bills chat messages and processed documents, with the rules saved on the server
          {hasUnsavedChanges ? ' — save your changes first to try them here.' : '.'}
        </FieldDescription>
      </Field>
      <div>
        <Button onClick={run} disabled={calculate.isPending}>
          {calculate.isPending ? <Spinner /> : <CalculatorIcon />}
          Calculate tokens
        </Button>
      </div>
      {result && (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label="Estimated tokens" data-testid="calculator-result">
          <Figure label="Characters" value={number.format(result.characters)} />
          <Figure label="Estimated tokens" value={number.format(result.estimatedTokens)} hint={`⌈characters × ${result.tokensPerCharacter}⌉`} />
          <Figure label="As a chat message" value={number.format(result.message.tokens)} hint={`× ${result.message.multiplier} message multiplier`} />
          <Figure label="As a document" value={number.format(result.storage.tokens)} hint={`× ${result.storage.multiplier} storage multiplier`} />
        </dl>
      )}
    </div>
  );
}
