import { ArrowLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { adminSectionName } from '../utils/admin-section';

/** Spec part 1 §2 "Admin header": Back to App, the breadcrumb Main App > Admin > section, then the tools (`actions`). */
export function AdminHeader({ actions }: { actions?: ReactNode }) {
  const { pathname } = useLocation();
  const section = adminSectionName(pathname);
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/80 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-4">
      <SidebarTrigger className="-ml-1" />
      <Separator orientation="vertical" className="mx-1 !h-5" />
      <Button asChild variant="ghost" size="sm" className="px-2">
        <Link to="/dashboard" aria-label="Back to App">
          <ArrowLeftIcon />
          <span className="hidden lg:inline">Back to App</span>
        </Link>
      </Button>
      <nav aria-label="Breadcrumb" className="min-w-0">
        <ol className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
          <li className="hidden md:block">
            <Link to="/dashboard" className="hover:text-foreground">
              Main App
            </Link>
          </li>
          <li className="hidden md:block" aria-hidden="true">
            <ChevronRightIcon className="size-3.5" />
          </li>
          <li className="hidden sm:block">
            <Link to="/admin" className="hover:text-foreground">
              Admin
            </Link>
          </li>
          <li className="hidden sm:block" aria-hidden="true">
            <ChevronRightIcon className="size-3.5" />
          </li>
          <li className="truncate font-medium text-foreground" aria-current="page" data-testid="breadcrumb-section">
            {section}
          </li>
        </ol>
      </nav>
      <div className="ml-auto flex items-center gap-0.5 sm:gap-1">{actions}</div>
    </header>
  );
}
