import { DEBUG_CATEGORIES, DEBUG_LOG_LEVELS } from '@parley/shared/constants';
import { BugPlayIcon, RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Separator } from '@/components/ui/separator';
import { Switch } from '@/components/ui/switch';
import { useDebugSettings } from '@/hooks/use-debug-settings';
import {
  clearDebugEntries,
  debugLog,
  DEFAULT_DEBUG_SETTINGS,
  saveDebugSettings,
  type DebugCategory,
  type DebugLogLevel,
  type DebugSettings,
} from '@/lib/debug-log';

export const CATEGORY_DESCRIPTIONS: Record<DebugCategory, string> = {
  providers: 'Every API request: method, path, status and time.',
  routing: 'Page changes in the app.',
  auth: 'Sign-in, session checks, session loss and sign-out.',
  performance: 'Requests slower than one second.',
  security: 'Security events the app reports to the server.',
};

const LEVEL_DESCRIPTIONS: Record<DebugLogLevel, string> = {
  error: 'Errors only',
  warn: 'Warnings and errors',
  info: 'Information, warnings and errors',
  debug: 'Everything',
};

function ToggleRow({
  id,
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-xs text-muted-foreground">{description}</p>
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} />
    </div>
  );
}

/**
 * Spec part 2 "Debug Control Panel": enabled, visual panel, log level and categories. Each change is
 * saved at once in this browser (localStorage `debug-settings`) and applies to the running app.
 */
export function DebugControlPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const settings = useDebugSettings();
  const save = (patch: Partial<DebugSettings>) => saveDebugSettings({ ...settings, ...patch });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Debug Control Panel</DialogTitle>
          <DialogDescription>Saved in this browser only; changes apply at once.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <ToggleRow
            id="debug-enabled"
            label="Enable debugging"
            description="Write the app’s debug entries to the browser console."
            checked={settings.enabled}
            onChange={(enabled) => save({ enabled })}
          />
          <ToggleRow
            id="debug-visual-panel"
            label="Visual panel"
            description={settings.enabled ? 'Show the latest entries in a floating panel on every page.' : 'Turn on debugging first.'}
            checked={settings.showVisualPanel}
            disabled={!settings.enabled}
            onChange={(showVisualPanel) => save({ showVisualPanel })}
          />
          <div className="grid gap-2">
            <Label htmlFor="debug-level">Log level</Label>
            <Select value={settings.logLevel} onValueChange={(value) => save({ logLevel: value as DebugLogLevel })}>
              <SelectTrigger id="debug-level" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {DEBUG_LOG_LEVELS.map((level) => (
                  <SelectItem key={level} value={level}>
                    {level} — {LEVEL_DESCRIPTIONS[level]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Separator />
          <fieldset className="grid gap-3">
            <legend className="mb-3 text-sm font-medium">Categories</legend>
            {DEBUG_CATEGORIES.map((category) => (
              <ToggleRow
                key={category}
                id={`debug-category-${category}`}
                label={category}
                description={CATEGORY_DESCRIPTIONS[category]}
                checked={settings.categories[category]}
                onChange={(checked) => save({ categories: { ...settings.categories, [category]: checked } })}
              />
            ))}
          </fieldset>
          <Separator />
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={!settings.enabled}
              onClick={() => {
                for (const category of DEBUG_CATEGORIES) debugLog(category, settings.logLevel, `Test entry (${category}, ${settings.logLevel})`);
              }}
            >
              <BugPlayIcon />
              Write test entries
            </Button>
            <Button variant="outline" size="sm" onClick={clearDebugEntries}>
              <Trash2Icon />
              Clear log
            </Button>
            <Button variant="ghost" size="sm" onClick={() => saveDebugSettings(DEFAULT_DEBUG_SETTINGS)}>
              <RotateCcwIcon />
              Reset to defaults
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
