import { can } from '@parley/shared/access';
import { useState } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { greetingName } from '@/features/auth/utils/user-display';
import { useChatbotCount, useChatbotNames } from '@/features/analytics/api/get-chatbot-options';
import { AnalyticsFilterBar } from '@/features/analytics/components/analytics-filter-bar';
import { AnalyticsOverview } from '@/features/analytics/components/analytics-overview';
import { ExportReportDialog } from '@/features/analytics/components/export-report-dialog';
import { ExportSchedulesCard } from '@/features/analytics/components/export-schedules-card';
import { QuickActions } from '@/features/analytics/components/quick-actions';
import { RecentExportsCard } from '@/features/analytics/components/recent-exports-card';
import { useAnalyticsFilter } from '@/features/analytics/hooks/use-analytics-filter';
import { ChatbotList } from '@/features/chatbots/components/chatbot-list';
import { AccountSummary } from '@/features/dashboard/components/account-summary';
import { GettingStarted } from '@/features/dashboard/components/getting-started';
import { WelcomeHeader } from '@/features/dashboard/components/welcome-header';
import { InboxSummaryCard } from '@/features/handoffs/components/inbox-summary-card';
import { UsageCard } from '@/features/usage/components/usage-card';

function SectionHeading({ id, title, description }: { id: string; title: string; description: string }) {
  return (
    <div>
      <h2 id={id} className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <p className="text-sm text-muted-foreground">{description}</p>
    </div>
  );
}

/**
 * A member's home: the inbox, analytics and one-off reports, usage and their organization's chatbots (creating
 * chatbots, scheduled reports and keys are for owners and admins — the shared table of roles — and the server refuses
 * them to members).
 */
function MemberHome() {
  const { user, organization } = useAuth();
  const analytics = useAnalyticsFilter();
  const { chatbotId } = analytics.filter;
  const chosenChatbot = useChatbotNames([chatbotId]);
  const [isExportOpen, setExportOpen] = useState(false);
  if (!user) return null;
  const chatbotName = chatbotId === null ? null : (chosenChatbot.names.get(chatbotId) ?? 'the selected chatbot');
  return (
    <div className="space-y-8">
      <title>Dashboard · Parley</title>
      <WelcomeHeader firstName={greetingName(user)} organizationName={organization?.name ?? null} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <InboxSummaryCard />
        <UsageCard />
      </div>
      <section aria-labelledby="analytics-heading" className="space-y-4">
        <SectionHeading id="analytics-heading" title="Analytics" description="How your chatbots did with visitors, compared with the period just before." />
        <AnalyticsFilterBar state={analytics} />
        <AnalyticsOverview params={analytics.params} />
      </section>
      <section aria-labelledby="reports-heading" className="space-y-4">
        <SectionHeading id="reports-heading" title="Reports" description="Download your analytics as CSV. Owners and admins schedule reports by e-mail." />
        <RecentExportsCard onExport={() => setExportOpen(true)} />
      </section>
      <section aria-labelledby="chatbots-heading" className="space-y-4">
        <SectionHeading
          id="chatbots-heading"
          title="Chatbots"
          description={`The chatbots of ${organization?.name ?? 'your organization'}, shared by everyone in it.`}
        />
        <ChatbotList canCreate={false} />
      </section>
      <ExportReportDialog isOpen={isExportOpen} onOpenChange={setExportOpen} params={analytics.params} chatbotName={chatbotName} />
      <AccountSummary
        email={user.email}
        emailVerified={user.emailVerified}
        createdAt={user.createdAt}
        organizationName={organization?.name ?? null}
        organizationRole={organization?.role ?? null}
      />
    </div>
  );
}

/** The dashboard home: a member's simpler home, or (owners and admins) analytics, quick actions, reports, usage and account. */
export default function DashboardHomeRoute() {
  const { organization } = useAuth();
  if (!can(organization?.role, 'chatbots.create')) return <MemberHome />;
  return <ManagerHome />;
}

/** Key figures and analytics for a period, quick actions, report exports, usage and account. */
function ManagerHome() {
  const { user, organization } = useAuth();
  const analytics = useAnalyticsFilter();
  const chatbotCount = useChatbotCount();
  const { chatbotId } = analytics.filter;
  const chosenChatbot = useChatbotNames([chatbotId]);
  const [isExportOpen, setExportOpen] = useState(false);
  if (!user) return null;

  // A customer without a chatbot has nothing to measure yet: the first steps come first.
  const isNewCustomer = chatbotCount.data === 0;
  const chatbotName = chatbotId === null ? null : (chosenChatbot.names.get(chatbotId) ?? 'the selected chatbot');

  return (
    <div className="space-y-8">
      <title>Dashboard · Parley</title>
      <WelcomeHeader firstName={greetingName(user)} organizationName={organization?.name ?? null} />
      {isNewCustomer && <GettingStarted />}
      <QuickActions onExport={() => setExportOpen(true)} />

      <section aria-labelledby="analytics-heading" className="space-y-4">
        <SectionHeading id="analytics-heading" title="Analytics" description="How your chatbots did with visitors, compared with the period just before." />
        <AnalyticsFilterBar state={analytics} />
        <AnalyticsOverview params={analytics.params} />
      </section>

      <section aria-labelledby="reports-heading" className="space-y-4">
        <SectionHeading id="reports-heading" title="Reports" description="Download your analytics as CSV, now or by e-mail on a schedule." />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <RecentExportsCard onExport={() => setExportOpen(true)} />
          <ExportSchedulesCard timeZone={analytics.timeZone} defaultEmail={user.email} />
        </div>
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <UsageCard />
        <AccountSummary
          email={user.email}
          emailVerified={user.emailVerified}
          createdAt={user.createdAt}
          organizationName={organization?.name ?? null}
          organizationRole={organization?.role ?? null}
        />
      </div>
      {!isNewCustomer && <GettingStarted />}

      <ExportReportDialog isOpen={isExportOpen} onOpenChange={setExportOpen} params={analytics.params} chatbotName={chatbotName} />
    </div>
  );
}
