import { InfoIcon, MessageSquarePlusIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useTestChat } from '../hooks/use-test-chat';
import { ChatComposer } from './chat-composer';
import { BotMessage, ChatMessage } from './chat-message';

interface TestChatPanelProps {
  chatbotId: string;
  welcomeMessage: string;
  suggestedQuestions: string[];
  /** The widget colour, for the bot's avatar. */
  color: string;
  /** With no ready training data the chatbot can only say it does not know; the panel says why. */
  hasTrainingData: boolean;
}

/** The builder's test page: talk to the chatbot before it goes live, with the sources of each answer. */
export function TestChatPanel({ chatbotId, welcomeMessage, suggestedQuestions, color, hasTrainingData }: TestChatPanelProps) {
  const { transcript, isStreaming, ask, stop, reset } = useTestChat(chatbotId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastTurn = transcript.turns.at(-1);
  const lastText = lastTurn?.text.length ?? 0;
  const lastStatus = lastTurn?.role === 'assistant' ? lastTurn.status : null;

  // Follow the conversation as it grows.
  useEffect(() => {
    const element = scrollRef.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
  }, [transcript.turns.length, lastText, lastStatus]);

  return (
    <Card className="gap-0 py-0">
      <CardHeader className="border-b py-4">
        <CardTitle className="text-base">Test chat</CardTitle>
        <CardDescription>Ask what your visitors would. Uses the saved settings, whether the chatbot is a draft or live.</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" onClick={reset} disabled={transcript.turns.length === 0}>
            <MessageSquarePlusIcon />
            <span className="sr-only sm:not-sr-only">New conversation</span>
          </Button>
        </CardAction>
      </CardHeader>
      <div ref={scrollRef} className="h-[min(60vh,36rem)] min-h-80 overflow-y-auto px-4 py-5 sm:px-6" aria-live="polite" aria-label="Conversation" role="log">
        <div className="grid gap-4">
          {!hasTrainingData && (
            <Alert>
              <InfoIcon />
              <AlertDescription>
                <p>This chatbot has no processed training data yet, so it can only say it does not know. Add some under Training data first.</p>
              </AlertDescription>
            </Alert>
          )}
          {welcomeMessage.trim() && <BotMessage color={color} text={welcomeMessage} />}
          {transcript.turns.length === 0 && suggestedQuestions.length > 0 && (
            <div className="flex flex-wrap gap-2 pl-9" role="group" aria-label="Try asking">
              {suggestedQuestions.map((question) => (
                <Button key={question} variant="outline" size="sm" className="h-auto rounded-full py-1.5 whitespace-normal" onClick={() => void ask(question)}>
                  {question}
                </Button>
              ))}
            </div>
          )}
          {transcript.turns.map((turn) => (
            <ChatMessage key={turn.id} turn={turn} color={color} />
          ))}
        </div>
      </div>
      <div className="grid gap-2 border-t px-4 py-4 sm:px-6">
        <ChatComposer isStreaming={isStreaming} onSend={(message) => void ask(message)} onStop={stop} />
        <p className="text-xs text-muted-foreground">Test conversations are kept with the chatbot's conversations and count towards your token usage.</p>
      </div>
    </Card>
  );
}
