import { ArrowRightIcon, ScaleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { usePublicLanding } from '@/features/landing/api/get-public-landing';
import { DemoCallout } from '@/features/landing/components/demo-callout';
import { EmbedSnippets } from '@/features/landing/components/embed-snippets';
import { LandingFeatures } from '@/features/landing/components/landing-features';
import { useDemoWidget } from '@/features/landing/hooks/use-demo-widget';
import { PublicPricingView } from '@/features/public-pricing/components/public-pricing-view';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

const SIGN_UP_PATH = `${paths.auth}?mode=sign-up`;

function AuthActions({ size = 'default' }: { size?: 'default' | 'lg' }) {
  const { status } = useAuth();
  if (status === 'signed-in') {
    return (
      <Button asChild size={size}>
        <Link to={paths.dashboard}>
          Go to dashboard
          <ArrowRightIcon />
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant={size === 'lg' ? 'outline' : 'ghost'} size={size}>
        <Link to={paths.auth}>Sign in</Link>
      </Button>
      <Button asChild size={size} className={size === 'lg' ? undefined : 'hidden min-[400px]:inline-flex'}>
        <Link to={SIGN_UP_PATH}>
          Get started
          {size === 'lg' && <ArrowRightIcon />}
        </Link>
      </Button>
    </>
  );
}

function SectionHeading({ id, title, description }: { id: string; title: string; description: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      <p className="mt-3 text-base text-balance text-muted-foreground">{description}</p>
    </div>
  );
}

/**
 * `/`: the operator's Parley installation introduced — what it offers, the two ways to use a chatbot, the public
 * plans — with sign-up and sign-in (or the dashboard, when signed in), and the operator's live demo chatbot in the
 * corner when one is set (PUBLIC_DEMO_CHATBOT_ID). Admin sign-out lands here too.
 */
export default function LandingRoute() {
  const { status } = useAuth();
  const landing = usePublicLanding();
  // No demo (none set, or the call failed) leaves the page as it is: the demo is a bonus, not the content.
  const demoChatbot = landing.data?.demoChatbot ?? null;
  useDemoWidget(demoChatbot?.id);

  return (
    <div className="flex min-h-svh flex-col">
      <title>Parley — AI chatbots grounded in your documents</title>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <Link to={paths.home} aria-label="Parley home">
            <Logo />
          </Link>
          <nav aria-label="Main" className="ml-auto flex items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" className="hidden sm:inline-flex">
              <Link to={paths.pricing}>Pricing</Link>
            </Button>
            <ThemeToggle />
            <AuthActions />
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section aria-labelledby="hero-heading" className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 h-[32rem] bg-[radial-gradient(50%_60%_at_50%_0%,color-mix(in_oklch,var(--brand)_22%,transparent),transparent)]"
          />
          <div className="relative mx-auto flex max-w-3xl flex-col items-center px-4 pt-16 pb-16 text-center sm:px-6 sm:pt-28">
            <Badge variant="outline" className="mb-6 gap-1.5 rounded-full px-3 py-1 text-muted-foreground">
              <span className="size-1.5 rounded-full bg-brand" aria-hidden="true" />
              Open source · self-hostable
            </Badge>
            <h1 id="hero-heading" className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
              AI chatbots that answer from <span className="text-brand">your own documents</span>
            </h1>
            <p className="mt-6 max-w-2xl text-base text-balance text-muted-foreground sm:text-lg">
              Turn your documentation, manuals and help pages into a chatbot for your website — every answer grounded in what you wrote, with the sources to
              prove it, and a person from your team a click away.
            </p>
            <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
              <AuthActions size="lg" />
            </div>
            {status !== 'signed-in' && <p className="mt-4 text-sm text-muted-foreground">Free to start · no card needed to sign up</p>}
            {demoChatbot && (
              <div className="mt-10">
                <DemoCallout chatbot={demoChatbot} />
              </div>
            )}
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
          <SectionHeading
            id="features-heading"
            title="Everything a support chatbot needs"
            description="From your first upload to a chatbot on your site, with people and numbers behind it."
          />
          <LandingFeatures />
        </section>

        <section aria-labelledby="embed-heading" className="border-y bg-muted/40">
          <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
            <SectionHeading
              id="embed-heading"
              title="One line, or one API call"
              description="Put the chat on any website, or answer from your chatbot inside your own product."
            />
            <EmbedSnippets origin={window.location.origin} />
          </div>
        </section>

        <section aria-labelledby="pricing-heading" className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
          <SectionHeading
            id="pricing-heading"
            title="Simple pricing"
            description="Start free. Upgrade when your chatbots need more tokens, more bots or a person to hand over to."
          />
          <PublicPricingView plansOnly ctaHref={status === 'signed-in' ? paths.subscription : SIGN_UP_PATH} />
          <p className="mt-10 text-center">
            <Link to={paths.pricing} className="inline-flex items-center gap-1 text-sm font-medium text-brand underline-offset-4 hover:underline">
              Compare plans, token packages and FAQs
              <ArrowRightIcon className="size-4" aria-hidden="true" />
            </Link>
          </p>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <Logo className="text-foreground" markClassName="size-6 rounded-md" />
          <a href="/api/docs" className="hover:text-foreground">
            API reference
          </a>
          <p className="flex items-center gap-1.5">
            <ScaleIcon className="size-4" aria-hidden="true" />
            Open source under the MIT licence
          </p>
        </div>
      </footer>
    </div>
  );
}
