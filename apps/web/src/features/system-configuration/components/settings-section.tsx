import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** One titled card of settings inside a tab. */
export function SettingsSection({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-5 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}
