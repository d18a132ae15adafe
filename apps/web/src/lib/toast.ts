import type { toast as sonnerToast } from 'sonner';

type SonnerToast = typeof sonnerToast;
type Message = Parameters<SonnerToast>[0];
type Options = Parameters<SonnerToast>[1];

let markReady: (toast: SonnerToast) => void = () => {};
const ready = new Promise<SonnerToast>((resolve) => (markReady = resolve));

/**
 * Called by the Toaster once it is mounted (components/ui/sonner.tsx). sonner and its Toaster load after the first
 * screen (they are not needed to show it: ~10 KB of the sign-in page's JavaScript); a toast raised before then is
 * shown as soon as the Toaster listens, not lost.
 */
export function toasterMounted(toast: SonnerToast): void {
  markReady(toast);
}

const show =
  (variant: 'success' | 'error' | 'info' | 'warning' | 'message') =>
  (message: Message, options?: Options): void => {
    void ready.then((toast) => toast[variant](message, options));
  };

/** sonner's `toast`, for the variants Parley uses; the toast appears once the Toaster is there. */
export const toast = Object.assign((message: Message, options?: Options): void => void ready.then((t) => t(message, options)), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
});
