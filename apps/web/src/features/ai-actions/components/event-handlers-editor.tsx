import { ACTION_EVENT_HANDLERS_MAX, type ActionEventHandler } from '@parley/shared/contracts/ai-actions';
import { ListChecksIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { humanize } from '@/lib/format';
import {
  draftFromEventHandler,
  eventHandlerFromDraft,
  handlerErrorsAfterEdit,
  newEventHandlerDraft,
  sortByPriority,
  type EventHandlerDraft,
  type EventHandlerDraftErrors,
} from '../utils/event-handler-draft';
import { upsertById } from '../utils/webhook-draft';
import { EventHandlerForm } from './event-handler-form';

/** Events tab: the action's event handlers, by priority (spec §5), added, edited, switched and removed; saved with the action. */
export function EventHandlersEditor({
  handlers,
  onChange,
  onEditingChange,
}: {
  handlers: ActionEventHandler[];
  onChange: (handlers: ActionEventHandler[]) => void;
  /** Told whether a handler form is open (its changes are not in the list until added). */
  onEditingChange: (isEditing: boolean) => void;
}) {
  const [draft, setDraft] = useState<EventHandlerDraft | null>(null);
  const [errors, setErrors] = useState<EventHandlerDraftErrors>({});
  const isNew = draft !== null && !handlers.some((handler) => handler.id === draft.id);
  const canAdd = handlers.length < ACTION_EVENT_HANDLERS_MAX;
  const isEditing = draft !== null;
  useEffect(() => onEditingChange(isEditing), [isEditing, onEditingChange]);

  const startEditing = (next: EventHandlerDraft) => {
    setDraft(next);
    setErrors({});
  };

  const save = () => {
    if (!draft) return;
    const result = eventHandlerFromDraft(draft);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    onChange(upsertById(handlers, result.handler));
    setDraft(null);
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        What the action does when a conversation event happens. Lower priority numbers run first. Changes are saved with the action.
      </p>
      {handlers.length === 0 && !draft && (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
          <ListChecksIcon className="size-6 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">No event handlers yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">Add a handler to react to visitor input, answers, conversation start and end, or a schedule.</p>
        </div>
      )}
      {handlers.length > 0 && (
        <ul className="grid gap-2" aria-label="Event handlers">
          {sortByPriority(handlers).map((handler) => (
            <li key={handler.id} className="flex flex-wrap items-start gap-3 rounded-lg border p-3">
              <span
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums"
                title="Priority"
                aria-label={`Priority ${handler.priority}`}
              >
                {handler.priority}
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <span className="font-medium">{handler.name}</span>
                <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                  <Badge variant="secondary">{humanize(handler.eventType)}</Badge>
                  <span aria-hidden="true">→</span>
                  <Badge variant="outline">{humanize(handler.action)}</Badge>
                </div>
                {handler.condition && <code className="font-mono text-xs break-all text-muted-foreground">if {handler.condition}</code>}
              </div>
              <div className="flex shrink-0 items-center gap-1">
                <Switch
                  checked={handler.isActive}
                  onCheckedChange={(checked) => onChange(handlers.map((h) => (h.id === handler.id ? { ...h, isActive: checked } : h)))}
                  aria-label={`Handler ${handler.name} active`}
                  className="mr-1"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  onClick={() => startEditing(draftFromEventHandler(handler))}
                  aria-label={`Edit handler ${handler.name}`}
                >
                  <PencilIcon />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  onClick={() => {
                    onChange(handlers.filter((h) => h.id !== handler.id));
                    if (draft?.id === handler.id) setDraft(null);
                    toast.message(`Handler “${handler.name}” removed`, { description: 'Save the action to keep this change.' });
                  }}
                  aria-label={`Remove handler ${handler.name}`}
                >
                  <Trash2Icon />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {draft ? (
        <EventHandlerForm
          draft={draft}
          errors={errors}
          isNew={isNew}
          onChange={(next) => {
            setErrors(handlerErrorsAfterEdit(errors, draft, next));
            setDraft(next);
          }}
          onSave={save}
          onCancel={() => setDraft(null)}
        />
      ) : (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => startEditing(newEventHandlerDraft())} disabled={!canAdd}>
          <PlusIcon />
          Add event handler
        </Button>
      )}
      {!canAdd && !draft && <p className="text-xs text-muted-foreground">An action can have at most {ACTION_EVENT_HANDLERS_MAX} event handlers.</p>}
    </div>
  );
}
