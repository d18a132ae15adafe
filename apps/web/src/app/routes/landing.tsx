import { ArrowRightIcon, BotMessageSquareIcon, CodeIcon, FileSearchIcon, ScaleIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

const FEATURES = [
  {
    icon: FileSearchIcon,
    title: 'Grounded in your documents',
    description: 'Upload PDFs, Word files and web pages. Every answer is drawn from your sources, not made up.',
  },
  {
    icon: BotMessageSquareIcon,
    title: 'On your website in minutes',
    description: 'Add one script tag and a chat widget appears, styled to fit your site.',
  },
  {
    icon: CodeIcon,
    title: 'An API you already know',
    description: 'Call your chatbots through an OpenAI-compatible endpoint from any client or library.',
  },
];

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
      <Button asChild size={size}>
        <Link to={`${paths.auth}?mode=sign-up`}>
          Get started
          {size === 'lg' && <ArrowRightIcon />}
        </Link>
      </Button>
    </>
  );
}

export default function LandingRoute() {
  return (
    <div className="flex min-h-svh flex-col">
      <title>Parley — AI chatbots grounded in your documents</title>
      <header className="sticky top-0 z-20 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <Link to={paths.home} aria-label="Parley home">
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" className="hidden sm:inline-flex">
              <Link to={paths.pricing}>Pricing</Link>
            </Button>
            <ThemeToggle />
            <AuthActions />
          </div>
        </div>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 h-[32rem] bg-[radial-gradient(50%_60%_at_50%_0%,color-mix(in_oklch,var(--brand)_22%,transparent),transparent)]"
          />
          <div className="relative mx-auto flex max-w-3xl flex-col items-center px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28">
            <Badge variant="outline" className="mb-6 gap-1.5 rounded-full px-3 py-1 text-muted-foreground">
              <span className="size-1.5 rounded-full bg-brand" aria-hidden="true" />
              Open source · self-hostable
            </Badge>
            <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-6xl">
              AI chatbots that answer from <span className="text-brand">your own documents</span>
            </h1>
            <p className="mt-6 max-w-2xl text-base text-balance text-muted-foreground sm:text-lg">
              Parley turns your documentation, manuals and help pages into a chatbot for your website — every answer grounded in what you wrote, with the
              sources to prove it.
            </p>
            <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
              <AuthActions size="lg" />
            </div>
            <Link to={paths.pricing} className="mt-6 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
              See plans and pricing
            </Link>
          </div>
        </section>

        <section aria-label="What Parley does" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
          <div className="grid gap-4 md:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, description }) => (
              <Card key={title} className="gap-4 bg-card/60">
                <CardHeader className="gap-3">
                  <span className="flex size-10 items-center justify-center rounded-lg bg-brand/10 text-brand">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <CardTitle>{title}</CardTitle>
                  <CardDescription className="leading-relaxed">{description}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <Logo className="text-foreground" markClassName="size-6 rounded-md" />
          <p className="flex items-center gap-1.5">
            <ScaleIcon className="size-4" aria-hidden="true" />
            Open source under the MIT licence
          </p>
        </div>
      </footer>
    </div>
  );
}
