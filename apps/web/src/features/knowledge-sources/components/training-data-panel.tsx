import { ClipboardPasteIcon, FileUpIcon, GlobeIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FileDropZone } from './file-drop-zone';
import { SourceList } from './source-list';
import { TextSourceForm } from './text-source-form';
import { UrlSourceForm } from './url-source-form';

interface TrainingDataPanelProps {
  chatbotId: string;
  /** Called when the sources or their chunk counts change, so the chatbot's own figures can be refreshed. */
  onSourcesChanged?: () => void;
  /** A line about how documents are processed (the chatbot's embedder), shown under the add cards. */
  processingNote?: ReactNode;
  /** Whether the viewer may add, re-process and delete training data (the shared table: sources.manage). */
  canManage?: boolean;
}

function AddCard({ icon: Icon, title, description, children }: { icon: typeof FileUpIcon; title: string; description: string; children: ReactNode }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Adding documents, text and web pages, and the list of what the chatbot knows with live processing status. */
export function TrainingDataPanel({ chatbotId, onSourcesChanged, processingNote, canManage = true }: TrainingDataPanelProps) {
  return (
    <div className="grid gap-6">
      {!canManage && (
        <p className="rounded-md border bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          What this chatbot knows. Only owners and admins of this organization add, re-process or delete its training data.
        </p>
      )}
      {canManage && (
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="grid content-start gap-6">
            <AddCard icon={FileUpIcon} title="Upload documents" description="Files are read, split into passages and embedded on the server.">
              <FileDropZone chatbotId={chatbotId} />
            </AddCard>
            <AddCard icon={GlobeIcon} title="Add a web page" description="The server fetches the page and keeps its text.">
              <UrlSourceForm chatbotId={chatbotId} />
            </AddCard>
          </div>
          <AddCard icon={ClipboardPasteIcon} title="Paste text" description="For text that is not in a file: FAQs, policies, notes.">
            <TextSourceForm chatbotId={chatbotId} />
          </AddCard>
        </div>
      )}
      {processingNote && <p className="text-sm text-muted-foreground">{processingNote}</p>}
      <SourceList chatbotId={chatbotId} onSourcesChanged={onSourcesChanged} canManage={canManage} />
    </div>
  );
}
