import type { ActionOffer, ActionOfferField } from '@parley/shared/contracts/chatbot-actions';
import { el } from './dom';

/** What running an action came to: done (the widget shows the outcome in the conversation), or why not. */
export interface ActionRunOutcome {
  ok: boolean;
  message: string;
}

export type RunAction = (offer: ActionOffer, args: Record<string, unknown>) => Promise<ActionRunOutcome>;

let cardCount = 0;

type FieldInput = HTMLInputElement | HTMLSelectElement;

function fieldInput(field: ActionOfferField, id: string): FieldInput {
  if (field.options) {
    const select = el('select', { id }, [
      el('option', { value: '' }, ['Choose…']),
      ...field.options.map((option) => el('option', { value: option }, [option])),
    ]);
    return select;
  }
  if (field.type === 'boolean') return el('input', { id, type: 'checkbox' });
  const numeric = field.type !== 'string';
  return el('input', {
    id,
    type: numeric ? 'number' : 'text',
    autocomplete: 'off',
    ...(field.type === 'integer' ? { step: '1' } : numeric ? { step: 'any' } : {}),
  });
}

/** The visitor's entries as the action's arguments: empty optional fields left out; a required one empty is named. */
function argumentsOf(fields: { field: ActionOfferField; input: FieldInput }[]): { args: Record<string, unknown> } | { missing: FieldInput; label: string } {
  const args: Record<string, unknown> = {};
  for (const { field, input } of fields) {
    if (field.type === 'boolean') {
      args[field.name] = (input as HTMLInputElement).checked;
      continue;
    }
    const value = input.value.trim();
    if (value === '') {
      if (field.required) return { missing: input, label: field.label };
      continue;
    }
    // A number the browser could not read is sent as typed: the server names what is wrong with it.
    args[field.name] = field.type === 'string' || isNaN(Number(value)) ? value : Number(value);
  }
  return { args };
}

/**
 * The card of one action: its fields (if any), "Send to <label>?", Confirm and Cancel. Nothing is sent before Confirm.
 * `close` is called on Cancel, and with `done` once the action ran.
 */
function actionCard(offer: ActionOffer, run: RunAction, close: (done: boolean) => void): HTMLFormElement {
  const id = `parley-action-${(cardCount += 1)}`;
  const fields = offer.fields.map((field, i) => {
    const inputId = `${id}-${i}`;
    const input = fieldInput(field, inputId);
    const hintId = `${inputId}-hint`;
    if (field.description) input.setAttribute('aria-describedby', hintId);
    if (field.required) input.setAttribute('aria-required', 'true');
    const label = el('label', { for: inputId }, [field.label, field.required ? null : el('span', { class: 'optional' }, [' (optional)'])]);
    const row = el('div', { class: `field${field.type === 'boolean' ? ' check' : ''}` }, [
      ...(field.type === 'boolean' ? [input, label] : [label, input]),
      field.description ? el('p', { class: 'hint', id: hintId }, [field.description]) : null,
    ]);
    return { field, input, row };
  });
  const question = el('p', { class: 'ask', id: `${id}-ask` }, [`Send to ${offer.label}?`]);
  const problem = el('p', { class: 'problem', role: 'alert', hidden: '' });
  const confirm = el('button', { type: 'submit', class: 'confirm' }, ['Confirm']);
  const cancel = el('button', { type: 'button', class: 'cancel' }, ['Cancel']);
  const card = el('form', { class: 'action-card', 'aria-labelledby': `${id}-ask`, novalidate: '' }, [
    ...fields.map((f) => f.row),
    question,
    problem,
    el('div', { class: 'action-buttons' }, [confirm, cancel]),
  ]);
  const showProblem = (message: string) => {
    problem.textContent = message;
    problem.hidden = false;
  };
  cancel.addEventListener('click', () => close(false));
  // What was said about the entries goes once the visitor changes them.
  card.addEventListener('input', () => (problem.hidden = true));
  card.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // Escape leaves the card, not the whole chat.
    event.stopPropagation();
    close(false);
  });
  card.addEventListener('submit', (event) => {
    event.preventDefault();
    if (confirm.disabled) return;
    const entered = argumentsOf(fields);
    if ('missing' in entered) {
      showProblem(`${entered.label} is required.`);
      entered.missing.focus();
      return;
    }
    confirm.disabled = true;
    cancel.disabled = true;
    confirm.textContent = 'Sending…';
    problem.hidden = true;
    void run(offer, entered.args).then(
      (outcome) => {
        if (outcome.ok) return close(true);
        showProblem(outcome.message);
        confirm.disabled = false;
        cancel.disabled = false;
        confirm.textContent = 'Confirm';
      },
      () => {
        showProblem('Something went wrong. Please try again.');
        confirm.disabled = false;
        cancel.disabled = false;
        confirm.textContent = 'Confirm';
      },
    );
  });
  return card;
}

/**
 * The actions an answer offers, as buttons under it (the built-in answerer's matches, docs/actions.md). A button
 * opens its action's card in place of the buttons; Cancel brings them back; an action done leaves the list.
 */
export function actionOffers(offers: ActionOffer[], run: RunAction): HTMLElement | null {
  if (offers.length === 0) return null;
  const group = el('div', { class: 'actions', role: 'group', 'aria-label': 'Actions you can take' });
  const list = el('div', { class: 'action-list' });
  group.appendChild(list);
  for (const offer of offers) {
    const button = el('button', { type: 'button', class: 'chip' }, [offer.label]);
    button.addEventListener('click', () => {
      list.hidden = true;
      const card = actionCard(offer, run, (done) => {
        card.remove();
        list.hidden = false;
        if (!done) return button.focus();
        button.remove();
        if (!list.firstChild) group.remove();
      });
      group.appendChild(card);
      const first = card.querySelector<HTMLElement>('input, select, .confirm');
      first?.focus();
    });
    list.appendChild(button);
  }
  return group;
}
