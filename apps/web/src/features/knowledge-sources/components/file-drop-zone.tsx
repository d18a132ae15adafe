import { documentCostMessage, documentCostShare, type SourceCostEstimate } from '@parley/shared/contracts/token-credits';
import { FileUpIcon, PlusIcon, UploadIcon, XIcon } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useAddFileSource } from '../api/add-file-source';
import { useEstimateFileCost } from '../api/estimate-source-cost';
import { useMaxDocumentSizeMb } from '../api/get-sources';
import { ACCEPT_ATTRIBUTE, fileProblem } from '../utils/source-format';
import { formatBillingRule, SourceCost } from './source-cost';

interface Quoted {
  file: File;
  estimate: SourceCostEstimate;
}

/** The files waiting to be added together: their total against what is left (the latest figures the server gave). */
function totalOf(quoted: Quoted[]): SourceCostEstimate | null {
  const latest = quoted.at(-1)?.estimate;
  if (!latest) return null;
  const tokens = quoted.reduce((sum, q) => sum + q.estimate.tokens, 0);
  const figures = { tokens, monthlyLimit: latest.monthlyLimit, allowanceLeft: latest.allowanceLeft, tokenBalance: latest.tokenBalance };
  const characters = quoted.reduce((sum, q) => sum + q.estimate.rule.characters, 0);
  return {
    ...latest,
    tokens,
    rule: { ...latest.rule, characters },
    ...documentCostShare(figures),
    message: documentCostMessage(figures, quoted.length === 1 ? 'This document' : `These ${quoted.length} documents`),
  };
}

/** Drop files here or pick them; each accepted file is uploaded at once, one after the other. */
export function FileDropZone({ chatbotId }: { chatbotId: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [quoted, setQuoted] = useState<Quoted[]>([]);
  const addFile = useAddFileSource();
  const estimateFile = useEstimateFileCost();
  const maxFileMb = useMaxDocumentSizeMb(chatbotId);
  const total = totalOf(quoted);

  // Each picked file is read by the server first: what it costs is shown, and nothing is added before Add.
  const quoteAll = async (files: File[]) => {
    const next: Quoted[] = [];
    for (const file of files) {
      const problem = fileProblem(file, maxFileMb);
      if (problem) {
        toast.error(problem);
        continue;
      }
      setUploading(file.name);
      try {
        next.push({ file, estimate: await estimateFile.mutateAsync({ chatbotId, file }) });
      } catch (error) {
        toast.error(`Could not read ${file.name}: ${getErrorMessage(error)}`);
      }
    }
    setUploading(null);
    setQuoted(next);
  };

  const uploadAll = async () => {
    const files = quoted.map((q) => q.file);
    setQuoted([]);
    for (const file of files) {
      setUploading(file.name);
      try {
        await addFile.mutateAsync({ chatbotId, file });
        toast.success(`${file.name} is uploaded and queued for processing.`);
      } catch (error) {
        toast.error(`Could not upload ${file.name}: ${getErrorMessage(error)}`);
      }
    }
    setUploading(null);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (uploading) return;
    void quoteAll([...event.dataTransfer.files]);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = uploading ? 'none' : 'copy';
        setDragging(true);
      }}
      onDragLeave={(event) => {
        // Leaving for a child element is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
        isDragging ? 'border-primary bg-primary/5' : 'border-border',
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-muted">
        <FileUpIcon className="size-5 text-muted-foreground" aria-hidden="true" />
      </span>
      <div className="space-y-1">
        <p className="text-sm font-medium">{isDragging ? 'Drop to upload' : 'Drag and drop files here'}</p>
        <p className="text-xs text-muted-foreground">
          PDF, Word (.docx), Markdown, HTML, text, CSV or JSON{maxFileMb !== undefined && ` · up to ${maxFileMb} MB each`}
        </p>
      </div>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        className="hidden"
        aria-label="Files to upload"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Let the same file be picked again later.
          event.target.value = '';
          void quoteAll(files);
        }}
      />
      <Button type="button" variant="outline" disabled={uploading !== null} onClick={() => inputRef.current?.click()}>
        {uploading ? <Spinner /> : <UploadIcon />}
        Upload file
      </Button>
      {uploading && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {addFile.isPending ? 'Uploading' : 'Reading'} {uploading}…
        </p>
      )}
      {total && (
        <div className="grid w-full gap-3 text-left" data-testid="files-to-add">
          <ul className="grid gap-1 text-sm">
            {quoted.map((q) => (
              <li key={`${q.file.name}-${q.file.lastModified}`} className="flex flex-wrap justify-between gap-x-3" title={formatBillingRule(q.estimate.rule)}>
                <span className="min-w-0 font-medium break-all">{q.file.name}</span>
                <span className="text-muted-foreground tabular-nums">{`${q.estimate.tokens.toLocaleString('en-US')} tokens`}</span>
              </li>
            ))}
          </ul>
          <SourceCost estimate={total} />
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={!total.fits || uploading !== null} onClick={() => void uploadAll()}>
              <PlusIcon />
              {quoted.length === 1 ? 'Add document' : `Add ${quoted.length} documents`}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setQuoted([])}>
              <XIcon />
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
