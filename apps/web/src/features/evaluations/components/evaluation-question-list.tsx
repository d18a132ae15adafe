import type { EvaluationQuestion } from '@parley/shared/contracts/evaluations';
import { BanIcon, FileTextIcon, ListChecksIcon, MessageSquareIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ListPager } from '@/components/layout/list-pager';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { QUESTION_PAGE_SIZE, useEvaluationQuestions } from '../api/get-evaluation-questions';
import { DeleteEvaluationQuestionDialog } from './delete-evaluation-question-dialog';
import { EvaluationQuestionDialog } from './evaluation-question-dialog';

/** What a question expects, as small badges. */
function Expectations({ question }: { question: EvaluationQuestion }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      {question.shouldDecline ? (
        <Badge variant="secondary">
          <BanIcon aria-hidden="true" />
          Should decline
        </Badge>
      ) : question.expectedSourceId ? (
        <Badge variant="outline" className="max-w-full">
          <FileTextIcon aria-hidden="true" />
          <span className="truncate">{question.expectedSourceName ?? 'A deleted source'}</span>
        </Badge>
      ) : (
        <Badge variant="outline" className="text-muted-foreground">
          Any source
        </Badge>
      )}
      {question.origin === 'conversation' && (
        <Badge variant="outline" className="text-muted-foreground">
          <MessageSquareIcon aria-hidden="true" />
          From a conversation
        </Badge>
      )}
    </div>
  );
}

function QuestionRow({ question, onEdit, onDelete }: { question: EvaluationQuestion; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-6" aria-label={question.question}>
      <div className="min-w-0 flex-1 space-y-1.5">
        <p className="text-sm font-medium break-words">{question.question}</p>
        {question.expectedAnswer && <p className="line-clamp-2 text-xs break-words text-muted-foreground">Expected: {question.expectedAnswer}</p>}
        <Expectations question={question} />
      </div>
      <div className="flex shrink-0 items-center gap-1">
        <Tooltip>
          <TooltipTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Edit “${question.question}”`} onClick={onEdit}>
              <PencilIcon />
            </Button>
          </TooltipTrigger>
          <TooltipContent>Edit</TooltipContent>
        </Tooltip>
        <Tooltip>
          <TooltipTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={`Delete “${question.question}”`} onClick={onDelete}>
              <Trash2Icon />
            </Button>
          </TooltipTrigger>
          <TooltipContent>Delete</TooltipContent>
        </Tooltip>
      </div>
    </li>
  );
}

type Editing = { kind: 'add' } | { kind: 'edit'; question: EvaluationQuestion } | { kind: 'delete'; question: EvaluationQuestion } | null;

/** The evaluation set: its questions a page at a time, with adding, editing and deleting. */
export function EvaluationQuestionList({ chatbotId }: { chatbotId: string }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const questions = useEvaluationQuestions(chatbotId, page);
  const list = questions.data;
  const isPageEmptied = list !== undefined && list.items.length === 0 && page > 1 && !questions.isFetching;
  // The last question of a later page was deleted: show the page before.
  useEffect(() => {
    if (isPageEmptied) setPage((current) => current - 1);
  }, [isPageEmptied]);

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Questions</CardTitle>
        <CardDescription>What visitors ask, with the answer and source you expect — or that the chatbot should decline.</CardDescription>
        <CardAction>
          <Button size="sm" onClick={() => setEditing({ kind: 'add' })} disabled={list?.remaining === 0}>
            <PlusIcon />
            Add question
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-3 px-0">
        {questions.isPending ? (
          <LoadingRows label="Loading questions" rows={3} className="h-14" containerClassName="px-4 sm:px-6" />
        ) : questions.isError ? (
          <div className="px-4 sm:px-6">
            <LoadErrorAlert title="Could not load the questions" query={questions} />
          </div>
        ) : list!.total === 0 ? (
          <div className="mx-4 flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center sm:mx-6">
            <ListChecksIcon className="size-6 text-muted-foreground" aria-hidden="true" />
            <p className="text-sm font-medium">No questions yet</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Add the questions your visitors ask most, and a few the documents do not answer, to see how the chatbot does after each change.
            </p>
          </div>
        ) : (
          <>
            <ul className="divide-y border-y" aria-label="Evaluation questions">
              {list!.items.map((question) => (
                <QuestionRow
                  key={question.id}
                  question={question}
                  onEdit={() => setEditing({ kind: 'edit', question })}
                  onDelete={() => setEditing({ kind: 'delete', question })}
                />
              ))}
            </ul>
            <ListPager
              className="px-4 sm:px-6"
              page={page}
              pageSize={QUESTION_PAGE_SIZE}
              total={list!.total}
              onPage={setPage}
              label="Question pages"
              busy={questions.isPlaceholderData}
              noun={['question', 'questions']}
            />
          </>
        )}
      </CardContent>
      {(editing?.kind === 'add' || editing?.kind === 'edit') && (
        <EvaluationQuestionDialog chatbotId={chatbotId} question={editing.kind === 'edit' ? editing.question : null} onClose={() => setEditing(null)} />
      )}
      {editing?.kind === 'delete' && <DeleteEvaluationQuestionDialog chatbotId={chatbotId} question={editing.question} onClose={() => setEditing(null)} />}
    </Card>
  );
}
