import { CHATBOT_TEMPLATE_MESSAGES as MESSAGES, type ChatbotTemplate } from '@parley/shared/contracts/chatbot-templates';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { useDeleteChatbotTemplate } from '../api/delete-chatbot-template';

/** Owns its request: closed while the request runs, the dialog says nothing more (the list still refreshes). */
export function DeleteChatbotTemplateDialog({ template, onClose }: { template: ChatbotTemplate; onClose: () => void }) {
  const remove = useDeleteChatbotTemplate();
  return (
    <ResourceDeleteDialog
      title="Delete template?"
      description={`“${template.name}” will no longer be offered to customers. Chatbots already made from it are not affected.`}
      confirmLabel="Delete"
      mutation={remove}
      variables={template.id}
      deletedMessage={MESSAGES.deleted}
      failedMessage={MESSAGES.deleteFailed}
      onClose={onClose}
    />
  );
}
