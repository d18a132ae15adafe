import { CopyIcon } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The raw debug info block: everything the console knows, as JSON. */
export function RawDebugInfo({ data }: { data: unknown }) {
  const text = JSON.stringify(data, null, 2);
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Raw debug info</CardTitle>
        <CardDescription>Share this when reporting a sign-in or permission problem. It holds no secrets.</CardDescription>
        <CardAction>
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              void navigator.clipboard
                ?.writeText(text)
                .then(() => toast.success('Debug info copied'))
                .catch(() => toast.error('Could not copy to the clipboard'))
            }
          >
            <CopyIcon />
            Copy
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <pre className="max-h-96 overflow-auto rounded-md bg-muted p-4 font-mono text-xs leading-relaxed" data-testid="raw-debug-info">
          {text}
        </pre>
      </CardContent>
    </Card>
  );
}
