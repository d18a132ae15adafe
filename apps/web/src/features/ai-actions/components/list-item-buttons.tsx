import type { LucideIcon } from 'lucide-react';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The edit and remove buttons of one item in an action's list, labelled with the item's kind and name. */
export function EditRemoveButtons({ label, onEdit, onRemove }: { label: string; onEdit: () => void; onRemove: () => void }) {
  return (
    <>
      <Button type="button" variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${label}`}>
        <PencilIcon />
      </Button>
      <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove ${label}`}>
        <Trash2Icon />
      </Button>
    </>
  );
}

/** What an action's empty list shows until its first item is added. */
export function EmptyListNote({ icon: Icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
      <Icon className="size-6 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm font-medium">{title}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{description}</p>
    </div>
  );
}
