import { PageHeader } from '@/components/layout/page-header';
import { TokenPackagesManager } from '@/features/token-packages/components/token-packages-manager';

export default function TokenPackagesRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Token Packages · Parley admin</title>
      <PageHeader
        title="Token Package Management"
        description="Bundles of AI tokens customers can buy. Prices are in cents and shown in US dollars; numbers are read as whole numbers."
      />
      <TokenPackagesManager />
    </div>
  );
}
