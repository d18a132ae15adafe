import { PageHeader } from '@/components/layout/page-header';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OrganizationRoleGate } from '@/features/organizations/components/organization-role-gate';
import { WebhookConfigurations } from '@/features/webhooks/components/webhook-configurations';

export default function WebhooksRoute() {
  const { organization } = useAuth();
  return (
    <div className="space-y-6">
      <title>Webhooks · Parley</title>
      <PageHeader
        title="Webhooks"
        description="Tell your other systems what happens in your chatbots. Deliveries follow the Standard Webhooks specification: signed, retried with growing delays, in order for each endpoint."
      />
      {/* Webhooks belong to the organization: owners and admins manage them. */}
      <OrganizationRoleGate role={organization?.role ?? null} required="admin" what="Webhooks" organizationName={organization?.name ?? null}>
        <WebhookConfigurations
          scope="organization"
          intro={`Webhooks of ${organization?.name ?? 'your organization'}: every event carries your organization’s id.`}
        />
      </OrganizationRoleGate>
    </div>
  );
}
