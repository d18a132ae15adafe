import type { ChatbotAction, TestChatbotActionResult } from '@parley/shared/contracts/chatbot-actions';
import { AlertCircleIcon, CheckCircle2Icon, SendIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useTestChatbotAction } from '../api/test-chatbot-action';
import { checkJsonText, pretty, sampleArguments } from '../utils/action-form';
import { describeTestResult } from '../utils/test-result';

interface TestActionDialogProps {
  chatbotId: string;
  action: ChatbotAction;
  onClose: () => void;
  onResult: (actionId: string, result: TestChatbotActionResult) => void;
}

/** Calls the action from the server now, as the model would, with sample arguments; says what came back. */
export function TestActionDialog({ chatbotId, action, onClose, onResult }: TestActionDialogProps) {
  const [text, setText] = useState(() => pretty(sampleArguments(action.parameters)));
  const [inputError, setInputError] = useState<string | null>(null);
  const test = useTestChatbotAction(chatbotId);
  const result = test.data;

  const send = () => {
    const check = checkJsonText(text);
    if (check.kind === 'invalid') return setInputError(`The sample arguments are not valid JSON (${check.detail}).`);
    const args = check.kind === 'empty' ? {} : check.value;
    if (!args || typeof args !== 'object' || Array.isArray(args))
      return setInputError('The sample arguments must be a JSON object, such as {"order_id": "A-123"}.');
    setInputError(null);
    test.mutate({ actionId: action.id, args: args as Record<string, unknown> }, { onSuccess: (answer) => onResult(action.id, answer) });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[92svh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Test {action.name}</DialogTitle>
          <DialogDescription>
            Parley calls the action from the server now, as the model would, with these arguments (checked against its parameters first). The call is marked as
            a test.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Field>
            <Label htmlFor="action-test-arguments">Sample arguments (JSON)</Label>
            <Textarea
              id="action-test-arguments"
              rows={6}
              spellCheck={false}
              className="font-mono text-xs md:text-xs"
              aria-invalid={inputError ? true : undefined}
              aria-describedby="action-test-arguments-hint"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
            {inputError ? (
              <FieldError id="action-test-arguments-hint">{inputError}</FieldError>
            ) : (
              <FieldDescription id="action-test-arguments-hint">An object of the arguments the model would give.</FieldDescription>
            )}
          </Field>
          {test.isError && (
            <Alert variant="destructive" role="alert">
              <AlertCircleIcon />
              <AlertTitle>The test was not sent</AlertTitle>
              <AlertDescription>{getErrorMessage(test.error)}</AlertDescription>
            </Alert>
          )}
          {result && !test.isPending && (
            <section
              aria-label="Test result"
              aria-live="polite"
              className={cn('grid gap-2 rounded-md border p-3', result.success ? 'border-emerald-600/40' : 'border-destructive/50')}
            >
              <p
                className={cn('flex items-center gap-1.5 text-sm font-medium', result.success ? 'text-emerald-700 dark:text-emerald-400' : 'text-destructive')}
              >
                {result.success ? <CheckCircle2Icon className="size-4" aria-hidden="true" /> : <XCircleIcon className="size-4" aria-hidden="true" />}
                {result.success ? 'It worked' : 'It failed'}: {describeTestResult(result)}
              </p>
              {result.responseExcerpt ? (
                <pre className="max-h-56 overflow-auto rounded bg-muted p-2 font-mono text-xs break-words whitespace-pre-wrap">{result.responseExcerpt}</pre>
              ) : (
                <p className="text-xs text-muted-foreground">The answer had no body.</p>
              )}
            </section>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Done
            </Button>
            <Button type="submit" disabled={test.isPending}>
              {test.isPending ? <Spinner /> : <SendIcon />}
              Send test
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
