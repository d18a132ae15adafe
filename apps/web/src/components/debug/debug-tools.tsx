import { BugIcon, ChevronDownIcon, ChevronUpIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useDebugEntries, useDebugSettings } from '@/hooks/use-debug-settings';
import { clearDebugEntries, debugLog, saveDebugSettings, type DebugEntry, type DebugLogLevel } from '@/lib/debug-log';
import { performanceMonitor } from '@/lib/performance-monitor';
import { cn } from '@/lib/utils';

/** Entries the panel lists (the log keeps a few more). */
const PANEL_ENTRIES = 50;

const LEVEL_STYLES: Record<DebugLogLevel, string> = {
  error: 'bg-destructive/15 text-destructive',
  warn: 'bg-orange-500/15 text-orange-700 dark:text-orange-300',
  info: 'bg-sky-500/15 text-sky-700 dark:text-sky-300',
  debug: 'bg-muted text-muted-foreground',
};

const timeOf = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });

function EntryRow({ entry }: { entry: DebugEntry }) {
  return (
    <li className="grid gap-0.5 border-b px-3 py-1.5 last:border-b-0">
      <div className="flex items-center gap-2 text-[11px] text-muted-foreground">
        <span className="font-mono tabular-nums">{timeOf(entry.at)}</span>
        <span className={cn('rounded px-1 font-medium uppercase', LEVEL_STYLES[entry.level])}>{entry.level}</span>
        <span className="font-medium">{entry.category}</span>
      </div>
      <p className="font-mono text-xs break-words">{entry.message}</p>
      {entry.data !== undefined && <pre className="max-h-16 overflow-auto font-mono text-[11px] text-muted-foreground">{JSON.stringify(entry.data)}</pre>}
    </li>
  );
}

/** The floating list of the latest debug entries, when "visual panel" is on in the Debug Control Panel. */
function DebugVisualPanel() {
  const settings = useDebugSettings();
  const entries = useDebugEntries();
  const [isCollapsed, setIsCollapsed] = useState(false);
  const shown = entries.slice(0, PANEL_ENTRIES);

  return (
    <section
      aria-label="Debug log"
      className="fixed bottom-4 left-4 z-[60] flex w-[min(26rem,calc(100vw-2rem))] flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-lg"
    >
      <header className="flex items-center gap-2 border-b bg-muted/50 px-3 py-1.5">
        <BugIcon className="size-4 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-sm font-medium">Debug log</h2>
        <span className="text-xs text-muted-foreground">
          {entries.length} {entries.length === 1 ? 'entry' : 'entries'} · level {settings.logLevel}
        </span>
        <div className="ml-auto flex items-center">
          <Button variant="ghost" size="icon" className="size-7" onClick={clearDebugEntries} aria-label="Clear the debug log">
            <Trash2Icon />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            onClick={() => setIsCollapsed((value) => !value)}
            aria-label={isCollapsed ? 'Expand the debug log' : 'Collapse the debug log'}
            aria-expanded={!isCollapsed}
          >
            {isCollapsed ? <ChevronUpIcon /> : <ChevronDownIcon />}
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            onClick={() => saveDebugSettings({ ...settings, showVisualPanel: false })}
            aria-label="Hide the debug panel"
          >
            <XIcon />
          </Button>
        </div>
      </header>
      {!isCollapsed &&
        (shown.length === 0 ? (
          <p className="px-3 py-4 text-center text-xs text-muted-foreground">
            No entries yet. Entries appear as the app works, at the chosen level and categories.
          </p>
        ) : (
          <ol className="max-h-[min(40vh,20rem)] overflow-y-auto" aria-live="polite">
            {shown.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        ))}
    </section>
  );
}

/**
 * Debugging aids on every page, driven by this browser's debug settings: page changes logged in the
 * 'routing' category, the performance monitor (memory every 5 minutes, long tasks) while the 'performance'
 * category is on, and the visual panel when switched on.
 */
export function DebugTools() {
  const settings = useDebugSettings();
  const location = useLocation();
  useEffect(() => {
    debugLog('routing', 'info', `Page ${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  const isMonitoring = settings.enabled && settings.categories.performance;
  useEffect(() => (isMonitoring ? performanceMonitor.start() : undefined), [isMonitoring]);

  return settings.enabled && settings.showVisualPanel ? <DebugVisualPanel /> : null;
}
