import { Building2Icon } from 'lucide-react';

interface WelcomeHeaderProps {
  firstName: string | null;
  organizationName: string | null;
}

export function WelcomeHeader({ firstName, organizationName }: WelcomeHeaderProps) {
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{firstName ? `Welcome, ${firstName}` : 'Welcome to Parley'}</h1>
      {organizationName && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="organization-name">
          <Building2Icon className="size-4" aria-hidden="true" />
          <span>
            Organization: <span className="font-medium text-foreground">{organizationName}</span>
          </span>
        </p>
      )}
    </div>
  );
}
