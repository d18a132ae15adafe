import { ACTION_EVENT_HANDLERS_MAX, type ActionEventHandler } from '@parley/shared/contracts/ai-actions';
import { ListChecksIcon, PlusIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { humanize } from '@/lib/format';
import { draftFromEventHandler, eventHandlerFromDraft, handlerErrorsAfterEdit, newEventHandlerDraft, sortByPriority } from '../utils/event-handler-draft';
import { useListDraft } from '../hooks/use-list-draft';
import { EventHandlerForm } from './event-handler-form';
import { EditRemoveButtons, EmptyListNote } from './list-item-buttons';

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
  const list = useListDraft({ items: handlers, onChange, onEditingChange, fromDraft: eventHandlerFromDraft, noun: 'Handler' });
  const { draft, errors } = list;
  const canAdd = handlers.length < ACTION_EVENT_HANDLERS_MAX;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        What the action does when a conversation event happens. Lower priority numbers run first. Changes are saved with the action.
      </p>
      {handlers.length === 0 && !draft && (
        <EmptyListNote
          icon={ListChecksIcon}
          title="No event handlers yet"
          description="Add a handler to react to visitor input, answers, conversation start and end, or a schedule."
        />
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
                <EditRemoveButtons
                  label={`handler ${handler.name}`}
                  onEdit={() => list.startEditing(draftFromEventHandler(handler))}
                  onRemove={() => list.remove(handler)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {draft ? (
        <EventHandlerForm
          draft={draft}
          errors={errors}
          isNew={list.isNew}
          onChange={(next) => {
            list.setErrors(handlerErrorsAfterEdit(errors, draft, next));
            list.setDraft(next);
          }}
          onSave={list.save}
          onCancel={() => list.setDraft(null)}
        />
      ) : (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => list.startEditing(newEventHandlerDraft())} disabled={!canAdd}>
          <PlusIcon />
          Add event handler
        </Button>
      )}
      {!canAdd && !draft && <p className="text-xs text-muted-foreground">An action can have at most {ACTION_EVENT_HANDLERS_MAX} event handlers.</p>}
    </div>
  );
}
