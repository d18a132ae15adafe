import { ArrowLeftIcon, CompassIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/brand/logo';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 p-6 text-center">
      <title>Page not found · Parley</title>
      <Link to={paths.home} aria-label="Parley home">
        <Logo />
      </Link>
      <div className="flex size-14 items-center justify-center rounded-full bg-muted">
        <CompassIcon className="size-7 text-muted-foreground" aria-hidden="true" />
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium text-brand">404</p>
        <h1 className="text-2xl font-semibold tracking-tight">Page not found</h1>
        <p className="max-w-sm text-sm text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      </div>
      <Button asChild>
        <Link to={paths.home}>
          <ArrowLeftIcon />
          Back to home
        </Link>
      </Button>
    </div>
  );
}
