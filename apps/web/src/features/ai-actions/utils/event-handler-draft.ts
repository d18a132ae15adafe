import { ACTION_EVENT_PRIORITY_DEFAULT } from '@parley/shared/constants';
import { actionEventHandlerSchema, type ActionEventAction, type ActionEventHandler, type ActionEventType } from '@parley/shared/contracts/ai-actions';
import { newLocalId } from './local-id';
import type { DraftResult } from './webhook-draft';

/** The event handler form's values: priority as typed, event type empty until chosen. */
export interface EventHandlerDraft {
  id: string;
  name: string;
  eventType: ActionEventType | '';
  condition: string;
  action: ActionEventAction;
  payloadMapping: string;
  isActive: boolean;
  priority: string;
}

export type EventHandlerDraftField = 'name' | 'eventType' | 'condition' | 'action' | 'payloadMapping' | 'priority';
export type EventHandlerDraftErrors = Partial<Record<EventHandlerDraftField | 'form', string>>;

export const HANDLER_NAME_AND_TYPE_REQUIRED = 'Please provide a name and event type for the handler';

export function newEventHandlerDraft(): EventHandlerDraft {
  return {
    id: newLocalId('eh'),
    name: '',
    eventType: '',
    condition: '',
    action: 'webhook_call',
    payloadMapping: '',
    isActive: true,
    priority: String(ACTION_EVENT_PRIORITY_DEFAULT),
  };
}

export function draftFromEventHandler(handler: ActionEventHandler): EventHandlerDraft {
  return { ...handler, priority: String(handler.priority) };
}

const FIELDS: readonly EventHandlerDraftField[] = ['name', 'eventType', 'condition', 'action', 'payloadMapping', 'priority'];

/** Spec §5: name and event type required; priority 1–10, default 1. Condition and payload mapping stay text. */
export function eventHandlerFromDraft(draft: EventHandlerDraft): DraftResult<ActionEventHandler, EventHandlerDraftErrors> {
  const errors: EventHandlerDraftErrors = {};
  if (!draft.name.trim() || !draft.eventType) errors.form = HANDLER_NAME_AND_TYPE_REQUIRED;
  const parsed = actionEventHandlerSchema.safeParse({
    ...draft,
    eventType: draft.eventType || undefined,
    priority: draft.priority.trim() === '' ? ACTION_EVENT_PRIORITY_DEFAULT : Number(draft.priority),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  // The form offers a list to choose from: say so rather than list the values.
  if (!draft.eventType) errors.eventType = 'Choose an event type';
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, item: parsed.data };
  return { ok: false, errors };
}

/** The messages that still apply after an edit: those of the fields that changed go (they are checked again on save). */
export function handlerErrorsAfterEdit(errors: EventHandlerDraftErrors, before: EventHandlerDraft, after: EventHandlerDraft): EventHandlerDraftErrors {
  const next = { ...errors };
  for (const field of FIELDS) if (before[field] !== after[field]) delete next[field];
  if (after.name.trim() && after.eventType) delete next.form;
  return next;
}

/** Spec §5: handlers are displayed by priority, lowest number first (ties keep their order). */
export function sortByPriority(handlers: readonly ActionEventHandler[]): ActionEventHandler[] {
  return handlers
    .map((handler, index) => ({ handler, index }))
    .sort((a, b) => a.handler.priority - b.handler.priority || a.index - b.index)
    .map(({ handler }) => handler);
}
