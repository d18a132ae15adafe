import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The frame of the guard's full-width messages (Access Denied, Insufficient Permissions). */
export function AdminStatusPanel({
  icon: Icon,
  title,
  tone,
  children,
  className,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  tone: 'destructive' | 'warning';
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      className={cn('mx-auto w-full max-w-lg rounded-xl border bg-card p-6 shadow-sm sm:p-8', className)}
      data-testid={testId}
      aria-labelledby="admin-status-title"
    >
      <div
        className={cn(
          'mb-4 flex size-12 items-center justify-center rounded-full',
          tone === 'destructive' ? 'bg-destructive/10 text-destructive' : 'bg-amber-500/15 text-amber-600 dark:text-amber-400',
        )}
      >
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <h1 id="admin-status-title" className="text-xl font-semibold tracking-tight">
        {title}
      </h1>
      <div className="mt-3 grid gap-4 text-sm text-muted-foreground">{children}</div>
    </section>
  );
}
