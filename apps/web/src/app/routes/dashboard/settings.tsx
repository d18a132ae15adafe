import { SettingsIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';

export default function SettingsRoute() {
  return (
    <div className="space-y-6">
      <title>Settings · Parley</title>
      <PageHeader title="Settings" description="Your profile, your organization and how Parley notifies you." />
      <EmptyState
        icon={SettingsIcon}
        status="Not available yet"
        title="Settings are coming"
        description="You will be able to change your name and avatar, manage your organization and its members, and choose which e-mails you receive. Settings are not available yet."
      />
    </div>
  );
}
