import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export interface StatusRow {
  label: string;
  value: ReactNode;
}

/** A titled list of label/value rows, as the debug console shows its statuses. */
export function StatusCard({ title, icon: Icon, rows }: { title: string; icon: LucideIcon; rows: StatusRow[] }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted-foreground">{row.label}</dt>
              <dd className="min-w-0 text-right break-all sm:text-left">{row.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

export function YesNo({ value }: { value: boolean | null }) {
  if (value === null) return <span className="text-muted-foreground">…</span>;
  return value ? <span className="font-medium text-success">Yes</span> : <span className="font-medium text-destructive">No</span>;
}
