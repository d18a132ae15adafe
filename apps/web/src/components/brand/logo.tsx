import { cn } from '@/lib/utils';

/** The Parley mark: a speech bubble holding lines of a document. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn('inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm', className)}
      aria-hidden="true"
    >
      <svg viewBox="0 0 24 24" fill="none" className="size-[62%]">
        <path
          d="M4 6.5A2.5 2.5 0 0 1 6.5 4h11A2.5 2.5 0 0 1 20 6.5v8a2.5 2.5 0 0 1-2.5 2.5H11l-4.4 3.5c-.6.5-1.6 0-1.6-.8V17a2.5 2.5 0 0 1-1-2V6.5Z"
          fill="currentColor"
        />
        <path d="M8.5 9h7M8.5 12.5h4.5" stroke="var(--logo-line, var(--primary))" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </span>
  );
}

export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark className={markClassName} />
      <span className="text-lg">Parley</span>
    </span>
  );
}
