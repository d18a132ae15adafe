import { BEHAVIOR_TEMPLATE_MESSAGES as MESSAGES, type BehaviorTemplate } from '@parley/shared/contracts/behavior-templates';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { useDeleteBehaviorTemplate } from '../api/delete-behavior-template';

/** Owns its request: closed while the request runs, the dialog says nothing more (the list still refreshes). */
export function DeleteBehaviorTemplateDialog({ template, onClose }: { template: BehaviorTemplate; onClose: () => void }) {
  const remove = useDeleteBehaviorTemplate();
  return (
    <ResourceDeleteDialog
      title="Delete behavior template?"
      description={`“${template.name}” will no longer be offered in the chatbot builder. Chatbots made from it keep their own copy of the prompt.`}
      confirmLabel="Delete"
      mutation={remove}
      variables={template.id}
      deletedMessage={MESSAGES.deleted}
      failedMessage={MESSAGES.deleteFailed}
      onClose={onClose}
    />
  );
}
