import { PRICING_FAQ_MESSAGES, type PricingFaq } from '@parley/shared/contracts/pricing-faqs';
import { CircleHelpIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDeletePricingFaq } from '../api/delete-pricing-faq';
import { usePricingFaqs } from '../api/get-pricing-faqs';
import { PricingFaqDialog } from './pricing-faq-dialog';

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; faq: PricingFaq } | null;

/** Spec part 2 §2 "Pricing FAQs Management": question, answer, order and actions; the Create/Edit FAQ dialog. */
export function PricingFaqsManager() {
  const query = usePricingFaqs();
  const remove = useDeletePricingFaq();
  const [open, setOpen] = useState<Open>(null);

  useLoadErrorToast(query, PRICING_FAQ_MESSAGES.loadFailed, 'pricing-faqs-load');

  const confirmDelete = useConfirmedDelete(remove, PRICING_FAQ_MESSAGES.deleted, () => setOpen(null));

  let body;
  if (query.isPending) {
    body = <LoadingRows label="Loading FAQs" rows={3} className="h-12" />;
  } else if (query.isError) {
    body = <LoadErrorAlert query={query} title={PRICING_FAQ_MESSAGES.loadFailed} />;
  } else if (query.data.length === 0) {
    body = (
      <EmptyState
        icon={CircleHelpIcon}
        title="No FAQs"
        description={PRICING_FAQ_MESSAGES.empty}
        action={
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <PlusIcon />
            Create FAQ
          </Button>
        }
      />
    );
  } else {
    body = (
      <Table className="table-fixed">
        <TableHeader>
          <TableRow>
            <TableHead className="w-48 sm:w-64">Question</TableHead>
            <TableHead className="w-64 sm:w-auto">Answer</TableHead>
            <TableHead className="w-16 text-right">Order</TableHead>
            <TableHead className="w-24 text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.map((faq) => (
            <TableRow key={faq.id} data-testid="pricing-faq-row">
              <TableCell className="align-top font-medium whitespace-normal">
                {faq.question}
                {!faq.isActive && (
                  <Badge variant="secondary" className="ml-2">
                    Hidden
                  </Badge>
                )}
              </TableCell>
              <TableCell className="align-top whitespace-normal text-muted-foreground">
                <p className="line-clamp-3">{faq.answer}</p>
              </TableCell>
              <TableCell className="text-right align-top tabular-nums">{faq.displayOrder}</TableCell>
              <TableCell className="text-right align-top">
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" onClick={() => setOpen({ kind: 'edit', faq })} aria-label={`Edit FAQ: ${faq.question}`}>
                    <PencilIcon />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    onClick={() => setOpen({ kind: 'delete', faq })}
                    aria-label={`Delete FAQ: ${faq.question}`}
                  >
                    <Trash2Icon />
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleHelpIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Pricing FAQs Management
        </CardTitle>
        <CardDescription>Questions and answers shown under the plans on the public pricing page.</CardDescription>
        <CardAction>
          <Button onClick={() => setOpen({ kind: 'create' })} disabled={!query.isSuccess}>
            <PlusIcon />
            <span className="hidden sm:inline">Create FAQ</span>
            <span className="sm:hidden">New</span>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">{body}</CardContent>
      {open?.kind === 'create' && <PricingFaqDialog faq={null} faqCount={query.data?.length ?? 0} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <PricingFaqDialog key={open.faq.id} faq={open.faq} faqCount={query.data?.length ?? 0} onClose={() => setOpen(null)} />}
      <AlertDialog open={open?.kind === 'delete'} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        {open?.kind === 'delete' && (
          <ConfirmDialogContent
            title="Delete FAQ?"
            description={PRICING_FAQ_MESSAGES.deleteConfirm}
            confirmLabel="Delete FAQ"
            isPending={remove.isPending}
            onConfirm={() => confirmDelete(open.faq.id)}
          />
        )}
      </AlertDialog>
    </Card>
  );
}
