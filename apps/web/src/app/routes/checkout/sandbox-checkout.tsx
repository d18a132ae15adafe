import { useParams } from 'react-router';
import { SandboxCheckoutView } from '@/features/billing/components/sandbox-checkout-view';

/** /checkout/sandbox/:sessionId: the built-in payment provider's hosted checkout page. */
export default function SandboxCheckoutRoute() {
  const { sessionId = '' } = useParams();
  return (
    <main className="bg-muted/40 flex min-h-svh items-start justify-center px-4 py-12">
      <title>Checkout · Parley</title>
      <SandboxCheckoutView sessionId={sessionId} />
    </main>
  );
}
