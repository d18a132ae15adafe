import { DEBUG_CATEGORIES } from '@parley/shared/constants';
import { BugIcon, SlidersHorizontalIcon, TerminalIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDebugEntries, useDebugSettings } from '@/hooks/use-debug-settings';
import { CATEGORY_DESCRIPTIONS, DebugControlPanel } from './debug-control-panel';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b py-2 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap gap-1.5 text-sm font-medium">{children}</dd>
    </div>
  );
}

/** This browser's debug settings at a glance; the Debug Control Panel changes them. */
export function DebugSettingsTab({ debugConsolePath }: { debugConsolePath: string }) {
  const settings = useDebugSettings();
  const entries = useDebugEntries();
  const [isPanelOpen, setPanelOpen] = useState(false);
  const onCategories = DEBUG_CATEGORIES.filter((category) => settings.categories[category]);

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <BugIcon className="size-4" aria-hidden="true" />
          Debug settings
        </CardTitle>
        <CardDescription>
          Debug logging of the web app in this browser (stored under “debug-settings”): what it writes to the browser console, and the floating visual panel.
          Other admins and the server are not affected; the server’s own log level is set with LOG_LEVEL.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl>
          <Row label="Debugging">
            <Badge variant={settings.enabled ? 'default' : 'secondary'}>{settings.enabled ? 'On' : 'Off'}</Badge>
          </Row>
          <Row label="Visual panel">
            <Badge variant={settings.enabled && settings.showVisualPanel ? 'default' : 'secondary'}>
              {settings.showVisualPanel ? (settings.enabled ? 'Shown' : 'On (debugging off)') : 'Hidden'}
            </Badge>
          </Row>
          <Row label="Log level">{settings.logLevel}</Row>
          <Row label="Categories">
            {onCategories.length === 0
              ? 'None'
              : onCategories.map((category) => (
                  <Badge key={category} variant="outline" title={CATEGORY_DESCRIPTIONS[category]}>
                    {category}
                  </Badge>
                ))}
          </Row>
          <Row label="Entries this session">{entries.length}</Row>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setPanelOpen(true)}>
            <SlidersHorizontalIcon />
            Open Debug Control Panel
          </Button>
          <Button variant="outline" asChild>
            <Link to={debugConsolePath}>
              <TerminalIcon />
              Debug Console
            </Link>
          </Button>
        </div>
        <DebugControlPanel open={isPanelOpen} onOpenChange={setPanelOpen} />
      </CardContent>
    </Card>
  );
}
