import { KeyRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { PageHeader } from '@/components/layout/page-header';

export default function ApiKeysRoute() {
  return (
    <div className="space-y-6">
      <title>API Keys · Parley</title>
      <PageHeader title="API Keys" description="Keys that let your own software talk to your chatbots." />
      <EmptyState
        icon={KeyRoundIcon}
        status="Not available yet"
        title="No API keys yet"
        description="You will be able to create keys for the OpenAI-compatible chat API, see when each was last used and revoke them. A key will be shown once, when it is created. API keys are not available yet."
      />
    </div>
  );
}
