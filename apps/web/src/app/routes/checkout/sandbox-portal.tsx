import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { SandboxPortalView } from '@/features/billing/components/sandbox-portal-view';

/** /checkout/sandbox/portal: the built-in payment provider's customer portal. */
export default function SandboxPortalRoute() {
  const [params] = useSearchParams();
  const requested = params.get('return') ?? '';
  // Only a path inside Parley: never an address elsewhere.
  const returnTo = requested.startsWith('/dashboard') ? requested : paths.subscription;
  return (
    <main className="bg-muted/40 flex min-h-svh items-start justify-center px-4 py-12">
      <title>Billing portal · Parley</title>
      <SandboxPortalView returnTo={returnTo} />
    </main>
  );
}
