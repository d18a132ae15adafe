import { InfoIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useEvaluationQuestions } from '../api/get-evaluation-questions';
import { EvaluationQuestionList } from './evaluation-question-list';
import { EvaluationRunCard } from './evaluation-run-card';

/**
 * Evaluation: a set of questions with the answers (and sources) expected, asked again on demand and after every change
 * to the training data, so an owner sees whether the chatbot answers right and whether a change made it worse.
 */
export function EvaluationPanel({ chatbotId, hasTrainingData }: { chatbotId: string; hasTrainingData: boolean }) {
  // The first page, as the list shows it first: only its total is read here.
  const questions = useEvaluationQuestions(chatbotId, 1);
  return (
    <div className="grid gap-4">
      {!hasTrainingData && (
        <Alert>
          <InfoIcon />
          <AlertDescription>
            <p>This chatbot has no processed training data yet, so it can only decline. Add some under Training data first.</p>
          </AlertDescription>
        </Alert>
      )}
      <EvaluationQuestionList chatbotId={chatbotId} />
      <EvaluationRunCard chatbotId={chatbotId} hasQuestions={(questions.data?.total ?? 0) > 0} />
    </div>
  );
}
