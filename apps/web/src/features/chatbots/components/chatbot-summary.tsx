import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { BrainCircuitIcon, CpuIcon, FileTextIcon, LayersIcon, type LucideIcon } from 'lucide-react';
import { describeAnswerModel, describeEmbedding } from '../utils/chatbot-display';

const countFormat = new Intl.NumberFormat();

function Fact({ icon: Icon, label, value, hint }: { icon: LucideIcon; label: string; value: string; hint?: string }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0">
        <dt className="text-xs text-muted-foreground">{label}</dt>
        <dd className="text-sm font-medium break-words">{value}</dd>
        {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
      </div>
    </div>
  );
}

/** The figures and choices of a chatbot, under its name. */
export function ChatbotSummary({ chatbot }: { chatbot: Chatbot }) {
  return (
    <dl className="grid gap-4 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4">
      <Fact icon={FileTextIcon} label="Sources" value={countFormat.format(chatbot.sourceCount)} />
      <Fact icon={LayersIcon} label="Chunks" value={countFormat.format(chatbot.chunkCount)} />
      <Fact
        icon={BrainCircuitIcon}
        label="Answers"
        value={describeAnswerModel(chatbot)}
        hint={chatbot.modelProvider === 'builtin' ? undefined : 'The built-in answerer replies while the server has no key for it.'}
      />
      <Fact icon={CpuIcon} label="Embeddings" value={describeEmbedding(chatbot.embedding)} />
    </dl>
  );
}
