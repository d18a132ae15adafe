import { AlertCircleIcon, CodeIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { ArchitectureDiagram } from '../diagrams';
import { renderMermaid } from '../utils/render-mermaid';
import { DiagramViewer } from './diagram-viewer';

type RenderState = { status: 'waiting' } | { status: 'rendering' } | { status: 'rendered'; svg: string } | { status: 'failed'; reason: string };

/** One diagram, rendered when its card first comes near the viewport (the spec's "render on demand"). */
export function DiagramCard({ diagram }: { diagram: ArchitectureDiagram }) {
  const cardRef = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [state, setState] = useState<RenderState>({ status: 'waiting' });
  const [showSource, setShowSource] = useState(false);

  useEffect(() => {
    const element = cardRef.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setVisible(true), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    setState({ status: 'rendering' });
    renderMermaid(diagram.source).then(
      (svg) => !cancelled && setState({ status: 'rendered', svg }),
      (error: unknown) => !cancelled && setState({ status: 'failed', reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [visible, diagram.source]);

  return (
    <Card ref={cardRef} data-testid={`diagram-${diagram.id}`} data-state={state.status}>
      <CardHeader>
        <CardTitle>{diagram.title}</CardTitle>
        <CardDescription>{diagram.description}</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" onClick={() => setShowSource((shown) => !shown)} aria-expanded={showSource}>
            <CodeIcon />
            {showSource ? 'Hide source' : 'Show source'}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-4">
        {state.status === 'failed' ? (
          <Alert variant="destructive">
            <AlertCircleIcon />
            <AlertTitle>Failed to render diagram</AlertTitle>
            <AlertDescription>{state.reason}</AlertDescription>
          </Alert>
        ) : state.status === 'rendered' ? (
          <DiagramViewer svg={state.svg} title={diagram.title} />
        ) : (
          <div className="flex h-40 items-center justify-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Rendering diagram…
          </div>
        )}
        {showSource && <pre className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">{diagram.source}</pre>}
      </CardContent>
    </Card>
  );
}
