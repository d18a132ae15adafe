import { describe, expect, it } from 'vitest';
import {
  draftFromEventHandler,
  eventHandlerFromDraft,
  HANDLER_NAME_AND_TYPE_REQUIRED,
  handlerErrorsAfterEdit,
  newEventHandlerDraft,
  sortByPriority,
} from './event-handler-draft';

describe('event handler drafts', () => {
  it('start active, priority 1, calling a webhook, with no event type chosen', () => {
    expect(newEventHandlerDraft()).toMatchObject({ eventType: '', priority: '1', isActive: true, action: 'webhook_call' });
    expect(newEventHandlerDraft().id).toMatch(/^eh_/);
  });

  it('need a name and an event type; priority 1–10', () => {
    const missing = eventHandlerFromDraft(newEventHandlerDraft());
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.errors.form).toBe(HANDLER_NAME_AND_TYPE_REQUIRED);
      expect(missing.errors.eventType).toBe('Choose an event type');
    }
    const base = { ...newEventHandlerDraft(), name: 'Greet', eventType: 'conversation_start' as const };
    for (const priority of ['0', '11', '2.5']) {
      const result = eventHandlerFromDraft({ ...base, priority });
      expect(result.ok, priority).toBe(false);
      if (!result.ok) expect(result.errors.priority).toBeDefined();
    }
  });

  it('keep condition and payload mapping as text, even when the mapping is not JSON', () => {
    const result = eventHandlerFromDraft({
      ...newEventHandlerDraft(),
      id: 'eh_1',
      name: 'Store',
      eventType: 'user_input',
      condition: "message.includes('@')",
      payloadMapping: '{ not json',
      priority: '',
    });
    expect(result).toEqual({
      ok: true,
      item: {
        id: 'eh_1',
        name: 'Store',
        eventType: 'user_input',
        condition: "message.includes('@')",
        action: 'webhook_call',
        payloadMapping: '{ not json',
        isActive: true,
        priority: 1,
      },
    });
    if (result.ok) expect(draftFromEventHandler(result.item).priority).toBe('1');
  });

  it('sort by priority ascending, keeping the order of equal priorities', () => {
    const h = (id: string, priority: number) => ({
      id,
      name: id,
      eventType: 'scheduled' as const,
      condition: '',
      action: 'notification' as const,
      payloadMapping: '',
      isActive: true,
      priority,
    });
    expect(sortByPriority([h('a', 5), h('b', 1), h('c', 5), h('d', 2)]).map((x) => x.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('drop the message of an edited field, and the form message once name and event type are there', () => {
    const before = newEventHandlerDraft();
    const errors = { form: HANDLER_NAME_AND_TYPE_REQUIRED, priority: 'Priority must be between 1 and 10' };
    expect(handlerErrorsAfterEdit(errors, before, { ...before, priority: '5' })).toEqual({ form: HANDLER_NAME_AND_TYPE_REQUIRED });
    expect(handlerErrorsAfterEdit(errors, before, { ...before, name: 'A', eventType: 'scheduled' })).toEqual({ priority: errors.priority });
  });
});
