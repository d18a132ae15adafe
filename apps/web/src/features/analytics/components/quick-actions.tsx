import { BotIcon, DownloadIcon, InboxIcon, KeyRoundIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const TILE_CLASS =
  'flex h-full w-full items-center gap-3 rounded-xl border bg-card p-3 text-left shadow-xs transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

function TileContent({ icon: Icon, label, description }: { icon: LucideIcon; label: string; description: string }) {
  return (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="grid min-w-0">
        <span className="truncate text-sm font-medium">{label}</span>
        <span className="truncate text-xs text-muted-foreground">{description}</span>
      </span>
    </>
  );
}

const LINKS = [
  { label: 'New chatbot', description: 'Answers from your files', to: paths.newChatbot, icon: BotIcon },
  { label: 'Inbox', description: 'Visitors asking for you', to: paths.inbox, icon: InboxIcon },
  { label: 'API keys', description: 'Use chatbots from code', to: paths.apiKeys, icon: KeyRoundIcon },
] as const;

/** The common tasks from the dashboard home; "Export report" opens the export dialog for the period on screen. */
export function QuickActions({ onExport }: { onExport: () => void }) {
  return (
    <nav aria-label="Quick actions">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={TILE_CLASS}>
              <TileContent icon={link.icon} label={link.label} description={link.description} />
            </Link>
          </li>
        ))}
        <li>
          <button type="button" onClick={onExport} className={TILE_CLASS}>
            <TileContent icon={DownloadIcon} label="Export report" description="CSV of this period" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
