import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { apiBaseUrl, curlSample, openaiSample } from '../utils/api-key-display';
import { CopyButton } from '@/components/layout/copy-button';

function CodeSample({ label, code }: { label: string; code: string }) {
  return (
    <div className="overflow-hidden rounded-lg border bg-muted/50">
      <div className="flex items-center justify-between gap-2 border-b bg-muted/60 py-1.5 pr-1.5 pl-4">
        <span className="text-xs font-medium text-muted-foreground">{label}</span>
        <CopyButton text={code} label="Copy" variant="ghost" />
      </div>
      <pre className="overflow-x-auto p-4 font-mono text-xs leading-relaxed" aria-label={`${label} example`}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** How a key is used: the OpenAI-compatible API on this server, with the chatbot id as the model. */
export function ApiUsageGuide({ origin = window.location.origin }: { origin?: string }) {
  const baseUrl = apiBaseUrl(origin);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Use the OpenAI-compatible API</CardTitle>
        <CardDescription>
          Send requests to <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">{baseUrl}</code> with your key as the bearer token,
          and set <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">model</code> to the id of the chatbot that should answer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="curl">
          <TabsList>
            <TabsTrigger value="curl">curl</TabsTrigger>
            <TabsTrigger value="openai">openai (Node.js)</TabsTrigger>
          </TabsList>
          <TabsContent value="curl">
            <CodeSample label="curl" code={curlSample(origin)} />
          </TabsContent>
          <TabsContent value="openai">
            <CodeSample label="JavaScript" code={openaiSample(origin)} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
