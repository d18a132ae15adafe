import { Spinner } from '@/components/ui/spinner';

export function FullPageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-3 text-muted-foreground" aria-busy="true">
      <Spinner className="size-6" />
      <p className="text-sm">{label}</p>
    </div>
  );
}
