import { useEffect, type CSSProperties } from 'react';
import { Toaster as Sonner, toast, type ToasterProps } from 'sonner';
import { toasterMounted } from '@/lib/toast';

/** sonner themed with our CSS variables; the caller passes the current theme and the spec's settings. */
function Toaster({ style, ...props }: ToasterProps) {
  // sonner's Toaster subscribes in an effect of its own, which runs before this one: toasts sent from here on show.
  useEffect(() => toasterMounted(toast), []);
  return (
    <Sonner
      className="toaster group"
      {...props}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          ...style,
        } as CSSProperties
      }
    />
  );
}

export { Toaster };
