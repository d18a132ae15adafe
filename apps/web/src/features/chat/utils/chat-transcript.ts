import type { ChatStreamEvent, Citation } from '@parley/shared/contracts/chat';

export interface UserTurn {
  id: string;
  role: 'user';
  text: string;
}

export interface AssistantTurn {
  id: string;
  role: 'assistant';
  text: string;
  /** streaming until `done`; error when the server or the network failed; stopped when the user stopped it. */
  status: 'streaming' | 'done' | 'error' | 'stopped';
  citations: Citation[];
  /** false when the documents held no answer (the bot says so); null until the answer is complete. */
  answered: boolean | null;
  /** The organization is over its monthly usage limit: the bot said so instead of answering (not a "not found"). */
  limited: boolean;
  error: string | null;
}

export type ChatTurn = UserTurn | AssistantTurn;

export interface Transcript {
  /** The server's conversation, from the first answer's `meta`; follow-ups are asked in it. */
  conversationId: string | null;
  turns: ChatTurn[];
}

export type TranscriptAction =
  | { type: 'ask'; question: UserTurn; answerId: string }
  | { type: 'event'; answerId: string; event: ChatStreamEvent }
  | { type: 'fail'; answerId: string; message: string }
  | { type: 'stop'; answerId: string }
  | { type: 'reset' };

export const EMPTY_TRANSCRIPT: Transcript = { conversationId: null, turns: [] };

function updateAnswer(state: Transcript, id: string, change: (turn: AssistantTurn) => AssistantTurn): Transcript {
  return { ...state, turns: state.turns.map((turn) => (turn.id === id && turn.role === 'assistant' ? change(turn) : turn)) };
}

/** The test chat's conversation, built from what the user asks and the events of each streamed answer. */
export function transcriptReducer(state: Transcript, action: TranscriptAction): Transcript {
  switch (action.type) {
    case 'ask':
      return {
        ...state,
        turns: [
          ...state.turns,
          action.question,
          { id: action.answerId, role: 'assistant', text: '', status: 'streaming', citations: [], answered: null, limited: false, error: null },
        ],
      };
    case 'event': {
      const { event } = action;
      if (event.type === 'meta') return { ...state, conversationId: event.conversationId };
      return updateAnswer(state, action.answerId, (turn) => {
        // A late event of an answer the user already stopped changes nothing.
        if (turn.status !== 'streaming') return turn;
        if (event.type === 'delta') return { ...turn, text: turn.text + event.text };
        if (event.type === 'done') return { ...turn, status: 'done', answered: event.answered, limited: event.limited === true, citations: event.citations };
        // Handoffs happen on the website widget only; were one to arrive here, its line is the answer.
        if (event.type === 'handoff') return { ...turn, text: turn.text + event.text };
        // Buttons are offered to the website's visitors only (docs/decisions/0051-action-buttons.md).
        if (event.type === 'actions') return turn;
        return { ...turn, status: 'error', error: event.message };
      });
    }
    case 'fail':
      return updateAnswer(state, action.answerId, (turn) => (turn.status === 'streaming' ? { ...turn, status: 'error', error: action.message } : turn));
    case 'stop':
      return updateAnswer(state, action.answerId, (turn) => (turn.status === 'streaming' ? { ...turn, status: 'stopped' } : turn));
    case 'reset':
      return EMPTY_TRANSCRIPT;
  }
}

export function isStreaming(state: Transcript): boolean {
  const last = state.turns.at(-1);
  return last?.role === 'assistant' && last.status === 'streaming';
}
