import { SOURCE_SEARCH_MAX } from '@parley/shared/contracts/knowledge-sources';
import {
  EVALUATION_EXPECTED_ANSWER_MAX,
  EVALUATION_QUESTION_MAX,
  evaluationQuestionBodySchema,
  type EvaluationQuestion,
} from '@parley/shared/contracts/evaluations';
import { useMemo, useState } from 'react';
import { SearchablePicker } from '@/components/form/searchable-picker';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { sourceOptionsSource } from '../api/get-source-options';
import { useSaveEvaluationQuestion } from '../api/save-evaluation-question';

type FieldName = 'question' | 'expectedAnswer' | 'expectedSourceId' | 'form';

/** Add a question to the evaluation set, or change one (`question`): what it asks and what a right answer is. */
export function EvaluationQuestionDialog({ chatbotId, question, onClose }: { chatbotId: string; question: EvaluationQuestion | null; onClose: () => void }) {
  const [text, setText] = useState(question?.question ?? '');
  const [expectedAnswer, setExpectedAnswer] = useState(question?.expectedAnswer ?? '');
  const [expectedSourceId, setExpectedSourceId] = useState<string | null>(question?.expectedSourceId ?? null);
  const [shouldDecline, setShouldDecline] = useState(question?.shouldDecline ?? false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const save = useSaveEvaluationQuestion();
  // The picker names the chosen source from what it has loaded, starting with the question's own.
  const sources = useMemo(() => {
    const known = new Map<string, string>();
    if (question?.expectedSourceId && question.expectedSourceName) known.set(question.expectedSourceId, question.expectedSourceName);
    return sourceOptionsSource(chatbotId, known);
  }, [chatbotId, question]);

  const onSubmit = () => {
    const body = {
      question: text,
      expectedAnswer: shouldDecline ? null : expectedAnswer,
      expectedSourceId: shouldDecline ? null : expectedSourceId,
      shouldDecline,
    };
    const parsed = evaluationQuestionBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(
      { chatbotId, questionId: question?.id ?? null, body: parsed.data },
      {
        onSuccess: () => {
          toast.success(question ? 'Question saved.' : 'Question added.');
          onClose();
        },
        onError: (failure) => setErrors({ form: getErrorMessage(failure) }),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{question ? 'Edit question' : 'Add question'}</DialogTitle>
          <DialogDescription>Ask what a visitor would, and say what a right answer is. Each evaluation asks it again.</DialogDescription>
        </DialogHeader>
        <form
          id="evaluation-question-form"
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Field>
            <Label htmlFor="evaluation-question">Question</Label>
            <Textarea
              id="evaluation-question"
              rows={2}
              value={text}
              maxLength={EVALUATION_QUESTION_MAX}
              placeholder="How long do refunds take?"
              aria-invalid={errors.question ? true : undefined}
              aria-describedby={errors.question ? 'evaluation-question-error' : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            <FieldError id="evaluation-question-error">{errors.question}</FieldError>
          </Field>
          <label className="flex items-start gap-2 text-sm">
            <Checkbox
              id="evaluation-should-decline"
              className="mt-0.5"
              checked={shouldDecline}
              onCheckedChange={(checked) => setShouldDecline(checked === true)}
            />
            <span className="grid gap-1">
              <span className="font-medium">The chatbot should decline</span>
              <span className="text-xs text-muted-foreground">
                The documents do not answer this: the right answer is “I couldn’t find anything about that”.
              </span>
            </span>
          </label>
          <Field>
            <Label htmlFor="evaluation-expected-answer">Expected answer (optional)</Label>
            <Textarea
              id="evaluation-expected-answer"
              rows={3}
              value={shouldDecline ? '' : expectedAnswer}
              disabled={shouldDecline}
              maxLength={EVALUATION_EXPECTED_ANSWER_MAX}
              placeholder="Refunds are paid to the original card within five working days."
              aria-invalid={errors.expectedAnswer ? true : undefined}
              onChange={(event) => setExpectedAnswer(event.target.value)}
            />
            <FieldDescription>The facts a right answer states: it must use at least 60% of these words, in any order.</FieldDescription>
            <FieldError>{errors.expectedAnswer}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="evaluation-expected-source">Expected source (optional)</Label>
            {shouldDecline ? (
              <p className="flex h-9 items-center rounded-md border border-dashed px-3 text-sm text-muted-foreground">None: no source answers it</p>
            ) : (
              <SearchablePicker
                id="evaluation-expected-source"
                value={expectedSourceId}
                onChange={setExpectedSourceId}
                source={sources}
                noun="sources"
                noneLabel="Any source"
                missingLabel="A deleted source"
                searchMaxLength={SOURCE_SEARCH_MAX}
                className="w-full"
                aria-invalid={Boolean(errors.expectedSourceId)}
              />
            )}
            <FieldDescription>The training data that answers it: it must be retrieved, and the answer must cite it.</FieldDescription>
            <FieldError>{errors.expectedSourceId}</FieldError>
          </Field>
          <FieldError role="alert">{errors.form}</FieldError>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="evaluation-question-form" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {question ? 'Save question' : 'Add question'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
