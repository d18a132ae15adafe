import type { ActionTemplate } from '@parley/shared/contracts/ai-actions';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { useDeleteActionTemplate } from '../api/delete-action-template';

/** Deleting an action removes it with its webhooks and event handlers; deactivating keeps it (the card's switch). */
export function DeleteActionTemplateDialog({ template, onClose }: { template: ActionTemplate; onClose: () => void }) {
  const remove = useDeleteActionTemplate();
  return (
    <ResourceDeleteDialog
      title={`Delete “${template.name}”?`}
      description="The action, its webhooks and its event handlers are removed for good. To stop offering it but keep it, switch it to inactive instead."
      confirmLabel="Delete action"
      mutation={remove}
      variables={template.id}
      deletedMessage="Action template deleted"
      failedMessage="Failed to delete action template"
      keepOpenOnError
      onClose={onClose}
    />
  );
}
