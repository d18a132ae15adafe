import type * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** sonner themed with our CSS variables; the caller passes the current theme and the spec's settings. */
function Toaster({ style, ...props }: ToasterProps) {
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
        } as React.CSSProperties
      }
    />
  );
}

export { Toaster };
