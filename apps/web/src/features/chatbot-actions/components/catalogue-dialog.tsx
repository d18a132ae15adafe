import type { ActionCatalogue } from '@parley/shared/contracts/chatbot-actions';
import { AlertCircleIcon, StarIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { useActionCatalogue } from '../api/get-action-catalogue';

type CatalogueItem = ActionCatalogue['items'][number];

interface CatalogueDialogProps {
  chatbotId: string;
  onClose: () => void;
  /** The template chosen: the form opens prefilled from it. */
  onPick: (item: CatalogueItem) => void;
}

/** The actions the operator published; choosing one opens the form with what the template suggests. */
export function CatalogueDialog({ chatbotId, onClose, onPick }: CatalogueDialogProps) {
  const catalogue = useActionCatalogue(chatbotId, { isEnabled: true });
  const items = catalogue.data?.items ?? [];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add an action from the catalogue</DialogTitle>
          <DialogDescription>Actions published for every chatbot on this service. Choose one, then complete and save it.</DialogDescription>
        </DialogHeader>
        {catalogue.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading the catalogue">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : catalogue.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertCircleIcon />
            <AlertTitle>The catalogue could not be loaded</AlertTitle>
            <AlertDescription>{getErrorMessage(catalogue.error)}</AlertDescription>
          </Alert>
        ) : items.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            No actions are published in the catalogue yet. Add a custom webhook instead.
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Catalogue">
            {items.map((item) => (
              <li
                key={item.templateId}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center"
                data-testid="catalogue-item"
              >
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{item.name}</span>
                    {item.isFeatured && (
                      <Badge variant="outline">
                        <StarIcon aria-hidden="true" />
                        Featured
                      </Badge>
                    )}
                    {item.category && <Badge variant="secondary">{item.category}</Badge>}
                  </div>
                  {item.description && <p className="line-clamp-2 text-sm text-muted-foreground">{item.description}</p>}
                  {item.suggested.kind === 'mcp' ? (
                    <p className="truncate text-xs text-muted-foreground">
                      {`MCP server · ${item.suggested.url ?? ''} · `}
                      {item.suggested.mcpTools.length > 0 ? <span className="font-mono">{item.suggested.mcpTools.join(', ')}</span> : 'every tool it lists'}
                    </p>
                  ) : (
                    <p className="truncate text-xs text-muted-foreground">
                      <span className="font-mono">{item.suggested.name}</span>
                      {item.suggested.url ? ` · ${item.suggested.url}` : ' · you give the address'}
                    </p>
                  )}
                </div>
                <Button type="button" variant="outline" size="sm" onClick={() => onPick(item)} aria-label={`Use ${item.name}`}>
                  Use
                </Button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
