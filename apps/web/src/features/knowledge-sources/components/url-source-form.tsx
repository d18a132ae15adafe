import { zodResolver } from '@hookform/resolvers/zod';
import { createUrlSourceBodySchema } from '@parley/shared/contracts/chatbots';
import { LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useAddUrlSource } from '../api/add-url-source';

/** A public web page, fetched once by the server. */
export function UrlSourceForm({ chatbotId }: { chatbotId: string }) {
  const addUrl = useAddUrlSource();
  const form = useForm({ resolver: zodResolver(createUrlSourceBodySchema), defaultValues: { url: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ url }) => {
    try {
      const source = await addUrl.mutateAsync({ chatbotId, url });
      toast.success(`${source.name} is added; the server is fetching it.`);
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
          <Button type="submit" variant="outline" disabled={isSubmitting}>
            {isSubmitting ? <Spinner /> : <LinkIcon />}
            Add web page
          </Button>
        </div>
        {errors.url ? (
          <FieldError id="url-source-url-hint">{errors.url.message}</FieldError>
        ) : (
          <FieldDescription id="url-source-url-hint">A public page; the server reads its text once. Pages on private networks are refused.</FieldDescription>
        )}
      </Field>
    </form>
  );
}
