import { BadgeCheckIcon, MailWarningIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface AccountSummaryProps {
  email: string;
  emailVerified: boolean;
  createdAt: string;
  organizationName: string | null;
  organizationRole: string | null;
}

const ROLE_LABELS: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Facts about the signed-in account, straight from /api/me. */
export function AccountSummary({ email, emailVerified, createdAt, organizationName, organizationRole }: AccountSummaryProps) {
  const rows = [
    {
      label: 'E-mail',
      value: (
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate">{email}</span>
          {emailVerified ? (
            <Badge variant="secondary" className="text-success">
              <BadgeCheckIcon /> Confirmed
            </Badge>
          ) : (
            <Badge variant="outline">
              <MailWarningIcon /> Not confirmed
            </Badge>
          )}
        </span>
      ),
    },
    { label: 'Organization', value: organizationName ?? '—' },
    { label: 'Your role', value: organizationRole ? (ROLE_LABELS[organizationRole] ?? organizationRole) : '—' },
    { label: 'Member since', value: formatDate(createdAt) },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your account</CardTitle>
        <CardDescription>The details Parley holds for you.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex flex-col gap-1 py-2.5 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
              <dt className="shrink-0 text-muted-foreground">{row.label}</dt>
              <dd className="min-w-0 font-medium">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
