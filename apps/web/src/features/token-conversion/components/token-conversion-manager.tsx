import { TOKEN_MULTIPLIER_MIN, TOKEN_MULTIPLIER_STEP, TOKEN_RATE_MIN, TOKEN_RATE_STEP } from '@parley/shared/constants';
import {
  TOKEN_CONVERSION_MESSAGES as MESSAGES,
  TOKEN_TYPE_DESCRIPTION_MAX,
  tokenConversionVersion,
  type TokenConversion,
  type TokenType,
} from '@parley/shared/contracts/token-conversion';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangleIcon, SaveIcon } from 'lucide-react';
import { useState } from 'react';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { TOKEN_CONVERSION_QUERY_ROOT, useTokenConversion } from '../api/get-token-conversion';
import { useSaveTokenConversion } from '../api/save-token-conversion';
import { checkForm, failureTitle, inverseRate, readMultiplier, toForm, type ConversionForm } from '../utils/conversion-form';
import { TokenCalculator } from './token-calculator';

const TYPE_LABELS: Record<TokenType, { title: string; hint: string }> = {
  message: { title: 'Message tokens', hint: 'Every chat message: the visitor’s question and the answer, from the widget, the test chat and the API.' },
  storage: { title: 'Storage tokens', hint: 'The text of a document each time it is processed for a chatbot.' },
};

function example(form: ConversionForm, type: TokenType): string {
  const rate = Number(form.tokensPerCharacter);
  if (!(rate > 0)) return '—';
  return String(Math.ceil(Number((100 * rate * readMultiplier(form[type].multiplier)).toPrecision(12))));
}

function ConversionEditor({ data }: { data: TokenConversion }) {
  const [form, setForm] = useState<ConversionForm>(() => toForm(data));
  // The save the form was filled from. When the configuration is read again at another version (another admin saved),
  // their values are shown above the form; saving then replaces them knowingly.
  const [base, setBase] = useState(() => tokenConversionVersion(data));
  const save = useSaveTokenConversion();
  const queryClient = useQueryClient();
  const current = tokenConversionVersion(data);
  const savedElsewhere = current !== base;
  const isDirty = JSON.stringify(form) !== JSON.stringify(toForm(data));

  const loadTheirs = () => {
    setForm(toForm(data));
    setBase(current);
  };

  const onSave = () => {
    const checked = checkForm(form);
    if (!checked.ok) {
      toast.error(checked.title, { description: checked.message });
      return;
    }
    save.mutate(
      { ...checked.body, expectedVersion: current },
      {
        onSuccess: (saved) => {
          setForm(toForm(saved));
          setBase(tokenConversionVersion(saved));
          toast.success(MESSAGES.saved);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: TOKEN_CONVERSION_QUERY_ROOT });
          toast.error(failureTitle(error.message), { description: getErrorMessage(error) });
        },
      },
    );
  };

  const savedElsewhereAlert = savedElsewhere && (
    <Alert>
      <AlertTriangleIcon />
      <AlertTitle>Another administrator saved the token conversion{current ? ` at ${formatDateTime(current)}` : ''}</AlertTitle>
      <AlertDescription>
        <p>
          Theirs: {data.conversion.tokensPerCharacter} tokens per character ({data.conversion.charactersPerToken} characters per token), message multiplier{' '}
          {data.message.baseRateMultiplier}
          {data.message.isActive ? '' : ' (inactive)'}, storage multiplier {data.storage.baseRateMultiplier}
          {data.storage.isActive ? '' : ' (inactive)'}. Saving replaces them with the values below.
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={loadTheirs}>
          Load their values
        </Button>
      </AlertDescription>
    </Alert>
  );

  const setType = (type: TokenType, patch: Partial<ConversionForm[TokenType]>) =>
    setForm((current) => ({ ...current, [type]: { ...current[type], ...patch } }));

  const saveBar = (
    <CardFooter className="flex flex-wrap items-center gap-3 border-t">
      <Button onClick={onSave} disabled={save.isPending || !isDirty}>
        {save.isPending ? <Spinner /> : <SaveIcon />}
        Save configuration
      </Button>
      {isDirty ? <Badge variant="secondary">Unsaved changes</Badge> : null}
      <span className="text-xs text-muted-foreground sm:ml-auto">
        Saved together: rates and both token types. Every server applies them at once.
        {data.conversion.updatedAt && ` Last saved ${formatDateTime(data.conversion.updatedAt)}.`}
      </span>
    </CardFooter>
  );

  return (
    <Tabs defaultValue="rates" className="gap-4">
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="rates">Conversion Rates</TabsTrigger>
        <TabsTrigger value="types">Token Types</TabsTrigger>
        <TabsTrigger value="calculator">Calculator</TabsTrigger>
      </TabsList>
      {savedElsewhereAlert}

      <TabsContent value="rates">
        <Card className="gap-5">
          <CardHeader>
            <CardTitle>Conversion rates</CardTitle>
            <CardDescription>
              How characters become tokens. The two rates are each other’s inverse; billing uses tokens per character: a text costs ⌈characters × tokens per
              character × the type’s multiplier⌉.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid items-start gap-5 sm:grid-cols-2">
            <Field>
              <Label htmlFor="tokens-per-character">Tokens per character</Label>
              <Input
                id="tokens-per-character"
                type="number"
                min={TOKEN_RATE_MIN}
                step={TOKEN_RATE_STEP}
                value={form.tokensPerCharacter}
                onChange={(event) =>
                  setForm((current) => ({
                    ...current,
                    tokensPerCharacter: event.target.value,
                    charactersPerToken: inverseRate(event.target.value) || current.charactersPerToken,
                  }))
                }
              />
              <FieldDescription>100 characters → {example(form, 'message')} message tokens with the current multiplier.</FieldDescription>
            </Field>
            <Field>
              <Label htmlFor="characters-per-token">Characters per token</Label>
              <Input
                id="characters-per-token"
                type="number"
                min={TOKEN_RATE_MIN}
                step={TOKEN_RATE_STEP}
                value={form.charactersPerToken}
                onChange={(event) =>
                  setForm((current) => ({
                    ...current,
                    charactersPerToken: event.target.value,
                    tokensPerCharacter: inverseRate(event.target.value) || current.tokensPerCharacter,
                  }))
                }
              />
              <FieldDescription>Both must be greater than 0 (at least {TOKEN_RATE_MIN}).</FieldDescription>
            </Field>
          </CardContent>
          {saveBar}
        </Card>
      </TabsContent>

      <TabsContent value="types">
        <Card className="gap-5">
          <CardHeader>
            <CardTitle>Token types</CardTitle>
            <CardDescription>A multiplier per kind of usage, applied on top of the conversion rate. An inactive type is metered at ×1.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 lg:grid-cols-2">
            {(['message', 'storage'] as const).map((type) => (
              <div key={type} className="grid gap-4 rounded-lg border p-4" data-testid={`token-type-${type}`}>
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <h3 className="font-medium">{TYPE_LABELS[type].title}</h3>
                    <p className="text-xs text-muted-foreground">{TYPE_LABELS[type].hint}</p>
                  </div>
                  <label className="flex shrink-0 items-center gap-2 text-sm">
                    <Switch
                      checked={form[type].isActive}
                      onCheckedChange={(isActive) => setType(type, { isActive })}
                      aria-label={`${TYPE_LABELS[type].title} active`}
                    />
                    Active
                  </label>
                </div>
                <Field>
                  <Label htmlFor={`${type}-multiplier`}>Base rate multiplier</Label>
                  <Input
                    id={`${type}-multiplier`}
                    type="number"
                    min={TOKEN_MULTIPLIER_MIN}
                    step={TOKEN_MULTIPLIER_STEP}
                    value={form[type].multiplier}
                    onChange={(event) => setType(type, { multiplier: event.target.value })}
                  />
                  <FieldDescription>
                    At least {TOKEN_MULTIPLIER_MIN}; left blank it counts as 1. 100 characters → {example(form, type)} tokens.
                  </FieldDescription>
                </Field>
                <Field>
                  <Label htmlFor={`${type}-description`}>Description</Label>
                  <Textarea
                    id={`${type}-description`}
                    rows={2}
                    maxLength={TOKEN_TYPE_DESCRIPTION_MAX}
                    value={form[type].description}
                    onChange={(event) => setType(type, { description: event.target.value })}
                  />
                </Field>
              </div>
            ))}
          </CardContent>
          {saveBar}
        </Card>
      </TabsContent>

      <TabsContent value="calculator">
        <Card className="gap-5">
          <CardHeader>
            <CardTitle>Calculator</CardTitle>
            <CardDescription>Enter test text to see the tokens it costs.</CardDescription>
          </CardHeader>
          <CardContent>
            <TokenCalculator hasUnsavedChanges={isDirty} />
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}

/** Spec part 2 §2 "Token Conversion Management": tabs Conversion Rates, Token Types, Calculator. */
export function TokenConversionManager() {
  const query = useTokenConversion();

  useLoadErrorToast(query, MESSAGES.loadFailed, 'token-conversion-load');

  if (query.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading token configurations">
        <Skeleton className="h-9 w-80" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }
  if (query.isError) {
    return <LoadErrorAlert query={query} title={MESSAGES.loadFailed} />;
  }
  return <ConversionEditor data={query.data} />;
}
