import { ADMIN_MESSAGES, ADMIN_SPLASH_MS, ADMIN_SPLASH_SESSION_KEY } from '@parley/shared/admin-console';
import { useEffect, useState } from 'react';
import { LogoMark } from '@/components/brand/logo';
import { Spinner } from '@/components/ui/spinner';

function alreadyShown(): boolean {
  try {
    return window.sessionStorage.getItem(ADMIN_SPLASH_SESSION_KEY) === '1';
  } catch {
    return true;
  }
}

/** Spec part 1 §2: "Entering Admin Panel", once per browser session, for 1.2 seconds. */
export function AdminSplash() {
  const [isVisible, setVisible] = useState(() => !alreadyShown());

  useEffect(() => {
    if (!isVisible) return;
    try {
      window.sessionStorage.setItem(ADMIN_SPLASH_SESSION_KEY, '1');
    } catch {
      // Without session storage the splash shows on each visit; harmless.
    }
    const timer = setTimeout(() => setVisible(false), ADMIN_SPLASH_MS);
    return () => clearTimeout(timer);
  }, [isVisible]);

  if (!isVisible) return null;
  return (
    <div
      className="fixed inset-0 z-[60] flex animate-fade-in flex-col items-center justify-center gap-4 bg-background"
      role="status"
      data-testid="admin-splash"
    >
      <LogoMark className="size-14 rounded-2xl" />
      <p className="text-lg font-semibold tracking-tight">{ADMIN_MESSAGES.splash}</p>
      <Spinner className="size-5 text-muted-foreground" />
    </div>
  );
}
