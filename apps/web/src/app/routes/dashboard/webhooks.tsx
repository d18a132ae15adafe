import { WebhookIcon, ZapIcon } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { OrganizationRoleGate } from '@/features/organizations/components/organization-role-gate';
import { ActionCallLog } from '@/features/webhooks/components/action-call-log';
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
        <Tabs defaultValue="webhooks" className="gap-5">
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="webhooks">
              <WebhookIcon />
              Webhooks
            </TabsTrigger>
            <TabsTrigger value="action-calls">
              <ZapIcon />
              Action calls
            </TabsTrigger>
          </TabsList>
          <TabsContent value="webhooks">
            <WebhookConfigurations
              scope="organization"
              intro={`Webhooks of ${organization?.name ?? 'your organization'}: every event carries your organization’s id.`}
            />
          </TabsContent>
          {/* The requests chatbots' actions sent, beside the webhooks' deliveries (issue 41). */}
          <TabsContent value="action-calls">
            <ActionCallLog />
          </TabsContent>
        </Tabs>
      </OrganizationRoleGate>
    </div>
  );
}
