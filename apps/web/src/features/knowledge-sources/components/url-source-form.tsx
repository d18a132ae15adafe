import { zodResolver } from '@hookform/resolvers/zod';
import { createUrlSourceBodySchema } from '@parley/shared/contracts/knowledge-sources';
import type { SourceCostEstimate } from '@parley/shared/contracts/token-credits';
import { CoinsIcon, LinkIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useAddUrlSource } from '../api/add-url-source';
import { useEstimateUrlCost } from '../api/estimate-source-cost';
import { SourceCost } from './source-cost';

/**
 * A public web page, fetched once by the server. The first press asks what the page will cost (the server fetches and
 * measures it); the second adds it, if it fits what is left this month.
 */
export function UrlSourceForm({ chatbotId }: { chatbotId: string }) {
  const addUrl = useAddUrlSource();
  const estimateUrl = useEstimateUrlCost();
  const [quote, setQuote] = useState<{ url: string; estimate: SourceCostEstimate } | null>(null);
  const form = useForm({ resolver: zodResolver(createUrlSourceBodySchema), defaultValues: { url: '' } });
  const { errors, isSubmitting } = form.formState;
  const url = form.watch('url');
  const current = quote && quote.url === url ? quote.estimate : null;

  const onSubmit = form.handleSubmit(async ({ url: address }) => {
    if (!current) {
      try {
        setQuote({ url: address, estimate: await estimateUrl.mutateAsync({ chatbotId, url: address }) });
      } catch (error) {
        toast.error(`Could not read the web page: ${getErrorMessage(error)}`);
      }
      return;
    }
    try {
      const source = await addUrl.mutateAsync({ chatbotId, url: address });
      toast.success(`${source.name} is added; the server is fetching it.`);
      setQuote(null);
      form.reset();
    } catch (error) {
      toast.error(`Could not add the web page: ${getErrorMessage(error)}`);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      <Field>
        <Label htmlFor="url-source-url">Web page address</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="url-source-url"
            type="url"
            inputMode="url"
            placeholder="https://www.example.com/help/shipping"
            aria-invalid={errors.url ? true : undefined}
            aria-describedby="url-source-url-hint"
            {...form.register('url')}
          />
          <Button type="submit" variant="outline" disabled={isSubmitting || current?.fits === false}>
            {isSubmitting ? <Spinner /> : current ? <LinkIcon /> : <CoinsIcon />}
            {current ? 'Add web page' : 'Check cost'}
          </Button>
        </div>
        {errors.url ? (
          <FieldError id="url-source-url-hint">{errors.url.message}</FieldError>
        ) : (
          <FieldDescription id="url-source-url-hint">A public page; the server reads its text once. Pages on private networks are refused.</FieldDescription>
        )}
      </Field>
      {current && <SourceCost estimate={current} />}
    </form>
  );
}
