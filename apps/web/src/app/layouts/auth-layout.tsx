import { BotMessageSquareIcon, FileSearchIcon, ShieldCheckIcon } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { paths } from '@/config/paths';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';

const POINTS = [
  { icon: FileSearchIcon, text: 'Answers grounded in your own documents, with sources.' },
  { icon: BotMessageSquareIcon, text: 'A chat widget for your website in one script tag.' },
  { icon: ShieldCheckIcon, text: 'Open source. Run it yourself, keep your data.' },
];

/** /auth and /auth/callback: a brand panel on wide screens, the form on the right. */
export function AuthLayout() {
  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-zinc-950 p-10 text-zinc-50 lg:flex lg:flex-col">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_40rem_at_-10%_-10%,oklch(0.585_0.233_277/0.45),transparent_60%),radial-gradient(40rem_30rem_at_110%_110%,oklch(0.7_0.15_200/0.25),transparent_60%)]"
        />
        <Link to={paths.home} className="relative w-fit">
          <Logo markClassName="bg-zinc-50 text-zinc-950 [--logo-line:var(--color-zinc-50)]" />
        </Link>
        <div className="relative mt-auto max-w-md space-y-8">
          <h2 className="text-3xl leading-tight font-semibold tracking-tight text-balance">Chatbots that answer from what you actually wrote.</h2>
          <ul className="space-y-4">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm text-zinc-300">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-white/10">
                  <Icon className="size-4 text-zinc-50" aria-hidden="true" />
                </span>
                <span className="pt-1.5">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative mt-12 text-xs text-zinc-400">Parley — open-source AI chatbots for your documents.</p>
      </aside>
      <div className="flex flex-col">
        <header className="flex h-16 items-center justify-between px-4 sm:px-6">
          <Link to={paths.home} className="lg:invisible" aria-label="Parley home">
            <Logo />
          </Link>
          <ThemeToggle />
        </header>
        <main className="flex flex-1 items-center justify-center px-4 pt-4 pb-16 sm:px-6">
          <div className="w-full max-w-md">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
