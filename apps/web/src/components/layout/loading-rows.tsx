import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface LoadingRowsProps {
  /** What is loading, for screen readers: "Loading FAQs". */
  label: string;
  rows: number;
  /** Each row's size and shape: "h-12", "h-56 rounded-xl". */
  className?: string;
  /** The grid the rows sit in, added to `grid gap-2`: "gap-4 lg:grid-cols-2". */
  containerClassName?: string;
}

/** Placeholder rows while a list loads, shaped roughly like what will replace them. */
export function LoadingRows({ label, rows, className, containerClassName }: LoadingRowsProps) {
  return (
    <div className={cn('grid gap-2', containerClassName)} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={className} />
      ))}
    </div>
  );
}
