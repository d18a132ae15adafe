import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ApiKeysList } from '@/features/api-keys/components/api-keys-list';
import { ApiUsageGuide } from '@/features/api-keys/components/api-usage-guide';
import { CreateApiKeyDialog } from '@/features/api-keys/components/create-api-key-dialog';
import { OrganizationRoleGate } from '@/features/organizations/components/organization-role-gate';

export default function ApiKeysRoute() {
  const { organization } = useAuth();
  const canManage = organization?.role === 'owner' || organization?.role === 'admin';
  return (
    <div className="space-y-6">
      <title>API keys · Parley</title>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let your own software call your chatbots through the OpenAI-compatible API at{' '}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">{`${window.location.origin}/v1`}</code>, with{' '}
            <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">model</code> set to a chatbot's id. Keep them secret, like
            passwords.
          </>
        }
        actions={canManage ? <CreateApiKeyDialog /> : undefined}
      />
      {/* Keys belong to the organization: owners and admins manage them. */}
      <OrganizationRoleGate role={organization?.role ?? null} required="admin" what="API keys" isPlural organizationName={organization?.name ?? null}>
        <ApiKeysList />
        <ApiUsageGuide />
      </OrganizationRoleGate>
    </div>
  );
}
