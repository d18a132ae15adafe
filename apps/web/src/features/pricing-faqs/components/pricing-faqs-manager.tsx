import { PRICING_FAQ_MESSAGES, type PricingFaq } from '@parley/shared/contracts/pricing-faqs';
import { CircleHelpIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadingRows } from '@/components/layout/loading-rows';
import { ResourceCreateButton, ResourceRowActions } from '@/components/resource-manager/resource-buttons';
import { ResourceCard } from '@/components/resource-manager/resource-card';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { ResourceStates } from '@/components/resource-manager/resource-states';
import { ResourceTable, type ResourceColumn } from '@/components/resource-manager/resource-table';
import { useResourceDialog, type ResourceDialog } from '@/components/resource-manager/use-resource-dialog';
import { Badge } from '@/components/ui/badge';
import { useDeletePricingFaq } from '../api/delete-pricing-faq';
import { usePricingFaqs } from '../api/get-pricing-faqs';
import { PricingFaqDialog } from './pricing-faq-dialog';

function faqColumns(dialog: ResourceDialog<PricingFaq>): ResourceColumn<PricingFaq>[] {
  return [
    {
      header: 'Question',
      headClassName: 'w-48 sm:w-64',
      cellClassName: 'align-top font-medium whitespace-normal',
      cell: (faq) => (
        <>
          {faq.question}
          {!faq.isActive && (
            <Badge variant="secondary" className="ml-2">
              Hidden
            </Badge>
          )}
        </>
      ),
    },
    {
      header: 'Answer',
      headClassName: 'w-64 sm:w-auto',
      cellClassName: 'align-top whitespace-normal text-muted-foreground',
      cell: (faq) => <p className="line-clamp-3">{faq.answer}</p>,
    },
    { header: 'Order', headClassName: 'w-16 text-right', cellClassName: 'text-right align-top tabular-nums', cell: (faq) => faq.displayOrder },
    {
      header: 'Actions',
      headClassName: 'w-24 text-right',
      cellClassName: 'text-right align-top',
      cell: (faq) => (
        <ResourceRowActions
          editLabel={`Edit FAQ: ${faq.question}`}
          onEdit={() => dialog.openFor('edit', faq)}
          deleteLabel={`Delete FAQ: ${faq.question}`}
          onDelete={() => dialog.openFor('delete', faq)}
        />
      ),
    },
  ];
}

/** Spec part 2 §2 "Pricing FAQs Management": question, answer, order and actions; the Create/Edit FAQ dialog. */
export function PricingFaqsManager() {
  const query = usePricingFaqs();
  const remove = useDeletePricingFaq();
  const dialog = useResourceDialog<PricingFaq>();
  const editing = dialog.itemFor('edit');
  const deleting = dialog.itemFor('delete');
  const faqCount = query.data?.length ?? 0;

  return (
    <>
      <ResourceCard
        icon={CircleHelpIcon}
        title="Pricing FAQs Management"
        description="Questions and answers shown under the plans on the public pricing page."
        action={<ResourceCreateButton label="Create FAQ" shortLabel="New" onClick={dialog.openCreate} disabled={!query.isSuccess} />}
        contentClassName="px-0 sm:px-6"
      >
        <ResourceStates
          query={query}
          loading={<LoadingRows label="Loading FAQs" rows={3} className="h-12" />}
          loadFailedTitle={PRICING_FAQ_MESSAGES.loadFailed}
          loadFailedToastId="pricing-faqs-load"
          empty={
            <EmptyState
              icon={CircleHelpIcon}
              title="No FAQs"
              description={PRICING_FAQ_MESSAGES.empty}
              action={<ResourceCreateButton label="Create FAQ" onClick={dialog.openCreate} />}
            />
          }
        >
          {(faqs) => <ResourceTable className="table-fixed" items={faqs} columns={faqColumns(dialog)} rowTestId="pricing-faq-row" />}
        </ResourceStates>
      </ResourceCard>
      {dialog.isCreating && <PricingFaqDialog faq={null} faqCount={faqCount} onClose={dialog.close} />}
      {editing && <PricingFaqDialog key={editing.id} faq={editing} faqCount={faqCount} onClose={dialog.close} />}
      {deleting && (
        <ResourceDeleteDialog
          title="Delete FAQ?"
          description={PRICING_FAQ_MESSAGES.deleteConfirm}
          confirmLabel="Delete FAQ"
          mutation={remove}
          variables={deleting.id}
          deletedMessage={PRICING_FAQ_MESSAGES.deleted}
          onClose={dialog.close}
        />
      )}
    </>
  );
}
