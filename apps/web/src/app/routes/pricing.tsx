import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { PublicPricingView } from '@/features/public-pricing/components/public-pricing-view';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

/** The public pricing page: plans, token packages and FAQs from the admin console; no sign-in needed. */
export default function PricingRoute() {
  const { status } = useAuth();
  const isSignedIn = status === 'signed-in';
  return (
    <div className="flex min-h-svh flex-col">
      <title>Pricing · Parley</title>
      <header className="sticky top-0 z-20 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <Link to={paths.home} aria-label="Parley home">
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <ThemeToggle />
            {isSignedIn ? (
              <Button asChild>
                <Link to={paths.dashboard}>Dashboard</Link>
              </Button>
            ) : (
              <>
                <Button asChild variant="ghost">
                  <Link to={paths.auth}>Sign in</Link>
                </Button>
                <Button asChild className="hidden sm:inline-flex">
                  <Link to={`${paths.auth}?mode=sign-up`}>Get started</Link>
                </Button>
              </>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 pt-14 pb-24 sm:px-6 sm:pt-20">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">Simple pricing for grounded chatbots</h1>
          <p className="mt-4 text-base text-balance text-muted-foreground sm:text-lg">
            Start free. Upgrade when your chatbots need more tokens, more bots or a person to hand over to.
          </p>
        </div>
        <PublicPricingView ctaHref={isSignedIn ? paths.subscription : `${paths.auth}?mode=sign-up`} />
      </main>
      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <Link to={paths.home} className="inline-flex items-center gap-1.5 hover:text-foreground">
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            Back to home
          </Link>
          <span>Prices in US dollars.</span>
        </div>
      </footer>
    </div>
  );
}
