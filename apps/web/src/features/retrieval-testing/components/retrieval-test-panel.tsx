import { zodResolver } from '@hookform/resolvers/zod';
import { RETRIEVAL_TEST_QUERY_MAX, RETRIEVAL_TEST_TOP_K_MAX, retrievalTestBodySchema } from '@parley/shared/contracts/retrieval-testing';
import { InfoIcon, SearchIcon, SearchXIcon } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useTestRetrieval } from '../api/test-retrieval';
import { RetrievedPassageItem } from './retrieved-passage-item';

const NO_PASSAGE_TEXT = 'No passage matched — the chatbot would decline this question.';

/** The passage counts offered, with the chatbot's own setting among them. */
function topKChoices(defaultTopK: number): number[] {
  return [...new Set([1, 3, 5, 10, 20, RETRIEVAL_TEST_TOP_K_MAX, defaultTopK])].sort((a, b) => a - b);
}

interface RetrievalTestPanelProps {
  chatbotId: string;
  /** The chatbot's retrievalTopK: how many passages the chat gives the answerer. */
  defaultTopK: number;
  /** With no processed training data nothing can match; the panel says why. */
  hasTrainingData: boolean;
}

/**
 * Retrieval testing: the passages the chatbot would retrieve for a question, ranked as the chat ranks them, to see why
 * it answers (or declines) as it does. Nothing is stored and no tokens are counted.
 */
export function RetrievalTestPanel({ chatbotId, defaultTopK, hasTrainingData }: RetrievalTestPanelProps) {
  const retrieval = useTestRetrieval();
  const form = useForm({ resolver: zodResolver(retrievalTestBodySchema), defaultValues: { query: '', topK: defaultTopK } });
  const { errors } = form.formState;
  const result = retrieval.data;
  const asked = retrieval.variables?.body.query;

  const onSubmit = form.handleSubmit((body) => retrieval.mutate({ chatbotId, body }));
  // Enter asks, Shift+Enter starts a new line (as in the test chat).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void onSubmit();
    }
  };

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Retrieval testing</CardTitle>
        <CardDescription>
          See which passages of the training data the chatbot retrieves for a question, ranked as the chat ranks them. The chat answers from these passages
          only. Nothing is stored and no tokens are counted.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!hasTrainingData && (
          <Alert>
            <InfoIcon />
            <AlertDescription>
              <p>This chatbot has no processed training data yet, so no passage can match. Add some under Training data first.</p>
            </AlertDescription>
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Retrieval test">
          <Field>
            <Label htmlFor="retrieval-test-query">Question</Label>
            <Textarea
              id="retrieval-test-query"
              rows={3}
              className="max-h-60 min-h-20"
              maxLength={RETRIEVAL_TEST_QUERY_MAX}
              placeholder="Ask what a visitor would, e.g. How long do refunds take?"
              aria-invalid={errors.query ? true : undefined}
              aria-describedby={errors.query ? 'retrieval-test-query-error' : undefined}
              onKeyDown={onKeyDown}
              {...form.register('query')}
            />
            <FieldError id="retrieval-test-query-error">{errors.query?.message}</FieldError>
          </Field>
          <div className="flex flex-wrap items-end gap-3">
            <Field>
              <Label htmlFor="retrieval-test-top-k">Passages</Label>
              <Controller
                control={form.control}
                name="topK"
                render={({ field }) => (
                  <Select value={String(field.value ?? defaultTopK)} onValueChange={(value) => field.onChange(Number(value))}>
                    <SelectTrigger id="retrieval-test-top-k" className="w-56" aria-label="Passages to retrieve">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {topKChoices(defaultTopK).map((count) => (
                        <SelectItem key={count} value={String(count)}>
                          {count === defaultTopK ? `Top ${count} (the chatbot’s setting)` : `Top ${count}`}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <Button type="submit" disabled={retrieval.isPending}>
              {retrieval.isPending ? <Spinner /> : <SearchIcon />}
              Test retrieval
            </Button>
          </div>
        </form>

        {retrieval.isError && (
          <Alert variant="destructive">
            <AlertTitle>Could not test retrieval</AlertTitle>
            <AlertDescription>{getErrorMessage(retrieval.error)}</AlertDescription>
          </Alert>
        )}

        {result && (
          <section className="grid gap-3" aria-label="Retrieval results">
            <p className="text-sm text-muted-foreground">
              {result.passages.length === 0 ? 'No passages' : `${result.passages.length} ${result.passages.length === 1 ? 'passage' : 'passages'}, best first,`}{' '}
              for “<span className="font-medium text-foreground">{asked}</span>”
            </p>
            {result.passages.length === 0 ? (
              <div className="flex items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-sm text-muted-foreground">
                <SearchXIcon className="size-5 shrink-0" aria-hidden="true" />
                <p>{NO_PASSAGE_TEXT}</p>
              </div>
            ) : (
              <ol className="grid gap-2" aria-label="Retrieved passages">
                {result.passages.map((passage, index) => (
                  <RetrievedPassageItem key={`${index}-${passage.sourceId}`} passage={passage} rank={index + 1} />
                ))}
              </ol>
            )}
          </section>
        )}
      </CardContent>
    </Card>
  );
}
