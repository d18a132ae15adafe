import type { Chatbot } from '@parley/shared/contracts/chatbots';
import { ExternalLinkIcon, GlobeIcon, InfoIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { useUpdateChatbot } from '../api/update-chatbot';
import { demoPageUrl, embedSnippet } from '../utils/embed-snippet';
import { CopyButton } from '@/components/layout/copy-button';

interface EmbedPanelProps {
  chatbot: Chatbot;
  /** Where the widget script and the demo page are served: this Parley's own origin. */
  origin: string;
  /** Opens the settings, where the allowed origins are edited. */
  onEditOrigins: () => void;
}

/** Going live, and the snippet that puts the widget on a website. */
export function EmbedPanel({ chatbot, origin, onEditOrigins }: EmbedPanelProps) {
  const update = useUpdateChatbot();
  const isLive = chatbot.status === 'live';
  const snippet = embedSnippet(origin, chatbot.id);

  const setLive = (live: boolean) =>
    update.mutate(
      { id: chatbot.id, changes: { status: live ? 'live' : 'draft' } },
      {
        onSuccess: (saved) => toast.success(saved.status === 'live' ? `${saved.name} is live.` : `${saved.name} is a draft again; the widget stops answering.`),
        onError: (error) => toast.error(`Could not change the status: ${getErrorMessage(error)}`),
      },
    );

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Status</CardTitle>
          <CardDescription>The widget and the demo page answer only while the chatbot is live. The test chat works either way.</CardDescription>
        </CardHeader>
        <CardContent className="flex items-center gap-3">
          <Switch id="chatbot-live" checked={isLive} disabled={update.isPending} onCheckedChange={setLive} aria-describedby="chatbot-live-state" />
          <div className="grid gap-0.5">
            <Label htmlFor="chatbot-live">Live</Label>
            <p id="chatbot-live-state" className="text-sm text-muted-foreground">
              {isLive ? 'Visitors can chat with it on your allowed websites.' : 'Off: it is a draft, and only the test chat answers.'}
            </p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Add the widget to your website</CardTitle>
          <CardDescription>Paste this line into your pages' HTML, just before the closing &lt;/body&gt; tag.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="overflow-hidden rounded-lg border bg-muted/50">
            <div className="flex items-center justify-between gap-2 border-b bg-muted/60 py-1.5 pr-1.5 pl-4">
              <span className="text-xs font-medium text-muted-foreground">HTML</span>
              <CopyButton text={snippet} />
            </div>
            <pre className="p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap" aria-label="Embed snippet">
              <code>{snippet}</code>
            </pre>
          </div>
          {!isLive && (
            <Alert>
              <InfoIcon />
              <AlertTitle>This chatbot is a draft</AlertTitle>
              <AlertDescription>Switch it to Live above before visitors can use the widget.</AlertDescription>
            </Alert>
          )}
          <div className="grid gap-2 text-sm">
            <p className="flex items-center gap-2 font-medium">
              <GlobeIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              Allowed websites
            </p>
            {chatbot.allowedOrigins.length > 0 ? (
              <ul className="flex flex-wrap gap-2">
                {chatbot.allowedOrigins.map((allowed) => (
                  <li key={allowed} className="rounded-md border bg-background px-2 py-0.5 font-mono text-xs">
                    {allowed}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">None yet: the widget works only on Parley's own pages, such as the demo page.</p>
            )}
            <p className="text-muted-foreground">
              The widget runs only on these origins; Parley's own origin ({origin}) is always allowed.{' '}
              <Button variant="link" className="h-auto p-0 underline" onClick={onEditOrigins}>
                Edit allowed origins
              </Button>
            </p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Demo page</CardTitle>
          <CardDescription>A page on Parley that shows the widget, to try it as a visitor would before it is on your website.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" asChild>
            <a href={demoPageUrl(origin, chatbot.id)} target="_blank" rel="noreferrer">
              <ExternalLinkIcon />
              Open the demo page
            </a>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
