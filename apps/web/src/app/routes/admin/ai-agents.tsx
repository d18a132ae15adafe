import { AiActionsManager } from '@/features/ai-actions/components/ai-actions-manager';

/** /admin/ai-agents (developer; system_admin passes): the admin shell has checked the role before this renders. */
export default function AiAgentsRoute() {
  return (
    <>
      <title>Custom Action Management · Parley admin</title>
      <AiActionsManager />
    </>
  );
}
