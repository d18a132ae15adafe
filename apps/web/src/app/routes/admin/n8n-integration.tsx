import { N8nManager } from '@/features/n8n/components/n8n-manager';

/** /admin/n8n-integration (developer; system_admin passes): the admin shell has checked the role before this renders. */
export default function N8nIntegrationRoute() {
  return (
    <>
      <title>n8n Integration Management · Parley admin</title>
      <N8nManager />
    </>
  );
}
