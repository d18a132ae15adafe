import { PageHeader } from '@/components/layout/page-header';
import { TokenConversionManager } from '@/features/token-conversion/components/token-conversion-manager';

export default function TokenConversionRoute() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Token Conversion · Parley admin</title>
      <PageHeader
        title="Token Conversion Management"
        description="The rules that turn text into billed tokens: for chat messages, for processed documents and for this page’s calculator alike."
      />
      <TokenConversionManager />
    </div>
  );
}
