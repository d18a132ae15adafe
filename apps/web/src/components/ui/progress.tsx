import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A determinate progress bar (role="progressbar"), styled like shadcn's; value is 0–100. */
function Progress({ className, value, ...props }: React.ComponentProps<'div'> & { value: number }) {
  const percent = Math.max(0, Math.min(100, value));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      {...props}
    >
      <div data-slot="progress-indicator" className="h-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}

export { Progress };
