import { CHUNKING_STRATEGY_OPTIONS, EMBEDDING_MODEL_OPTIONS, SYSTEM_CONFIGURATION_LIMITS as LIMITS } from '@parley/shared/constants';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { integerDefault, type ConfigDraft } from '../utils/config-form';
import { NumberSettingField } from './number-setting-field';
import { SettingsSection } from './settings-section';

export interface SettingsTabProps {
  draft: ConfigDraft;
  errors: Partial<Record<keyof ConfigDraft, string>>;
  onChange: (patch: Partial<ConfigDraft>) => void;
}

const STRATEGY_LABELS: Record<(typeof CHUNKING_STRATEGY_OPTIONS)[number], string> = {
  semantic: 'Semantic (by headings and sentences)',
  fixed: 'Fixed size',
  sliding: 'Sliding window',
};

/** Embedding and chunking defaults for new chatbots, and the limits of document processing. */
export function DocumentProcessingTab({ draft, errors, onChange }: SettingsTabProps) {
  return (
    <div className="grid gap-6">
      <SettingsSection
        title="Embeddings and chunking"
        description="Copied to each chatbot when it is created; existing chatbots keep theirs. OpenAI embeddings are used when an OpenAI key is available (API Keys tab), otherwise the built-in local embedder."
      >
        <Field>
          <Label htmlFor="embedding-model">Embedding model</Label>
          <Select
            value={draft.defaultEmbeddingModel}
            onValueChange={(value) => onChange({ defaultEmbeddingModel: value as ConfigDraft['defaultEmbeddingModel'] })}
          >
            <SelectTrigger id="embedding-model" className="w-full" aria-invalid={errors.defaultEmbeddingModel ? true : undefined}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EMBEDDING_MODEL_OPTIONS.map((model) => (
                <SelectItem key={model} value={model}>
                  {model}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldDescription>Default text-embedding-3-small.</FieldDescription>
          <FieldError>{errors.defaultEmbeddingModel}</FieldError>
        </Field>
        <NumberSettingField
          label="Embedding dimensions"
          value={draft.defaultEmbeddingDimensions}
          defaultValue={integerDefault('defaultEmbeddingDimensions')}
          {...LIMITS.defaultEmbeddingDimensions}
          description="The size of each vector (text-embedding-ada-002 is always 1536)."
          error={errors.defaultEmbeddingDimensions}
          onChange={(value) => onChange({ defaultEmbeddingDimensions: value })}
        />
        <Field>
          <Label htmlFor="chunking-strategy">Chunking strategy</Label>
          <Select
            value={draft.defaultChunkingStrategy}
            onValueChange={(value) => onChange({ defaultChunkingStrategy: value as ConfigDraft['defaultChunkingStrategy'] })}
          >
            <SelectTrigger id="chunking-strategy" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CHUNKING_STRATEGY_OPTIONS.map((strategy) => (
                <SelectItem key={strategy} value={strategy}>
                  {STRATEGY_LABELS[strategy]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldDescription>How documents are cut into passages. Default semantic.</FieldDescription>
          <FieldError>{errors.defaultChunkingStrategy}</FieldError>
        </Field>
        <div className="hidden sm:block" aria-hidden="true" />
        <NumberSettingField
          label="Chunk size"
          value={draft.defaultChunkSize}
          defaultValue={integerDefault('defaultChunkSize')}
          {...LIMITS.defaultChunkSize}
          unit="tokens"
          description="The length of one passage."
          error={errors.defaultChunkSize}
          onChange={(value) => onChange({ defaultChunkSize: value })}
        />
        <NumberSettingField
          label="Chunk overlap"
          value={draft.defaultChunkOverlap}
          defaultValue={integerDefault('defaultChunkOverlap')}
          {...LIMITS.defaultChunkOverlap}
          unit="tokens"
          description="Shared between neighbouring passages; smaller than the chunk size."
          error={errors.defaultChunkOverlap}
          onChange={(value) => onChange({ defaultChunkOverlap: value })}
        />
      </SettingsSection>
      <SettingsSection
        title="Processing limits"
        description="Apply at once on every server: new uploads are checked against the size, running workers follow the concurrency within a second, and new jobs get the timeout."
      >
        <NumberSettingField
          label="Max document size"
          value={draft.maxDocumentSizeMb}
          defaultValue={integerDefault('maxDocumentSizeMb')}
          {...LIMITS.maxDocumentSizeMb}
          unit="MB"
          description="Larger uploads are refused."
          error={errors.maxDocumentSizeMb}
          onChange={(value) => onChange({ maxDocumentSizeMb: value })}
        />
        <NumberSettingField
          label="Max expanded document size"
          value={draft.maxExpandedDocumentMb}
          defaultValue={integerDefault('maxExpandedDocumentMb')}
          {...LIMITS.maxExpandedDocumentMb}
          unit="MB"
          description="What a compressed file (a Word document, a PDF's streams) may expand to when read; a document past it is refused before it can fill the server's memory."
          error={errors.maxExpandedDocumentMb}
          onChange={(value) => onChange({ maxExpandedDocumentMb: value })}
        />
        <NumberSettingField
          label="Max document text"
          value={draft.maxDocumentTextMb}
          defaultValue={integerDefault('maxDocumentTextMb')}
          {...LIMITS.maxDocumentTextMb}
          unit="MB"
          description="The most text one document may yield (a million characters per MB); longer documents are refused."
          error={errors.maxDocumentTextMb}
          onChange={(value) => onChange({ maxDocumentTextMb: value })}
        />
        <NumberSettingField
          label="Max concurrent processing jobs"
          value={draft.maxConcurrentProcessingJobs}
          defaultValue={integerDefault('maxConcurrentProcessingJobs')}
          {...LIMITS.maxConcurrentProcessingJobs}
          unit="at once"
          description="Documents processed at the same time by all servers together."
          error={errors.maxConcurrentProcessingJobs}
          onChange={(value) => onChange({ maxConcurrentProcessingJobs: value })}
        />
        <NumberSettingField
          label="Processing queue timeout"
          value={draft.processingQueueTimeoutMinutes}
          defaultValue={integerDefault('processingQueueTimeoutMinutes')}
          {...LIMITS.processingQueueTimeoutMinutes}
          unit="minutes"
          description="A job running longer counts as failed and is retried."
          error={errors.processingQueueTimeoutMinutes}
          onChange={(value) => onChange({ processingQueueTimeoutMinutes: value })}
        />
      </SettingsSection>
    </div>
  );
}
