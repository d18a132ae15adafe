import { FileUpIcon, UploadIcon } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useAddFileSource } from '../api/add-file-source';
import { useMaxDocumentSizeMb } from '../api/get-sources';
import { ACCEPT_ATTRIBUTE, fileProblem } from '../utils/source-format';

/** Drop files here or pick them; each accepted file is uploaded at once, one after the other. */
export function FileDropZone({ chatbotId }: { chatbotId: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const addFile = useAddFileSource();
  const maxFileMb = useMaxDocumentSizeMb(chatbotId);

  const uploadAll = async (files: File[]) => {
    for (const file of files) {
      const problem = fileProblem(file, maxFileMb);
      if (problem) {
        toast.error(problem);
        continue;
      }
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
    void uploadAll([...event.dataTransfer.files]);
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
          void uploadAll(files);
        }}
      />
      <Button type="button" variant="outline" disabled={uploading !== null} onClick={() => inputRef.current?.click()}>
        {uploading ? <Spinner /> : <UploadIcon />}
        Upload file
      </Button>
      {uploading && (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          Uploading {uploading}…
        </p>
      )}
    </div>
  );
}
