import { ChevronDownIcon, ChevronUpIcon, MaximizeIcon, SearchIcon, ZoomInIcon, ZoomOutIcon } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { clampZoom, findTables, fitZoom, revealZoom, scrollKeepingAnchor, tableOfNodeId, ZOOM_STEP } from '../utils/diagram-geometry';

interface Size {
  width: number;
  height: number;
}
interface Box extends Size {
  x: number;
  y: number;
}

/** The viewport's largest height: most of the window, so a fitted diagram and the toolbar are on screen together. */
const viewportMaxHeight = () => Math.max(240, Math.round(window.innerHeight * 0.7));

/**
 * A rendered Mermaid diagram in a viewport that zooms (buttons, keys + − 0 F, ctrl/⌘ + wheel), fits the whole picture
 * in the card, pans by dragging or scrolling, and, for the data model, finds a table by name, outlines it and brings
 * it into view. The SVG is drawn at its own size times the zoom (not a CSS transform), so it stays sharp and the
 * viewport's scroll bars match what is visible.
 */
export function DiagramViewer({ svg, title }: { svg: string; title: string }) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [zoom, setZoom] = useState(1);
  // Where to keep the picture still while the zoom changes (viewport pixels), or a table to centre after it.
  const pending = useRef<{ anchor?: { x: number; y: number }; from: number; centre?: Box } | null>(null);
  const drag = useRef<{ x: number; y: number; left: number; top: number; id: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  // The data model's tables: name → the node's box at 100 % (SVG user units), measured once after the render.
  const [tables, setTables] = useState<Map<string, Box>>(new Map());
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const markup = useMemo(() => ({ __html: svg }), [svg]);

  const svgElement = () => contentRef.current?.querySelector('svg') ?? null;

  // Reads the picture's own size and the tables' boxes, then starts at the card's width when the picture is wider.
  useLayoutEffect(() => {
    const element = svgElement();
    const viewport = viewportRef.current;
    if (!element || !viewport) return;
    const box = element.viewBox.baseVal;
    const size = box && box.width > 0 ? { width: box.width, height: box.height } : { width: element.getBBox().width, height: element.getBBox().height };
    element.removeAttribute('width');
    element.removeAttribute('height');
    element.style.maxWidth = 'none';
    element.style.display = 'block';
    // Measured at 100 %; the zoom effect below then draws it at the zoom.
    element.style.width = `${size.width}px`;
    element.style.height = `${size.height}px`;
    const boxes = new Map<string, Box>();
    const origin = element.getBoundingClientRect();
    const scale = origin.width > 0 ? size.width / origin.width : 1;
    for (const node of element.querySelectorAll<SVGGElement>('g.node[id]')) {
      const table = tableOfNodeId(node.id);
      if (!table) continue;
      node.dataset.table = table;
      const rect = node.getBoundingClientRect();
      boxes.set(table, { x: (rect.left - origin.left) * scale, y: (rect.top - origin.top) * scale, width: rect.width * scale, height: rect.height * scale });
    }
    setTables(boxes);
    setNatural(size);
    // Starts as wide as the card at most (a tall flowchart stays readable and scrolls; Fit to screen shows it whole).
    setZoom(fitZoom(size, { width: viewport.clientWidth - 2, height: Number.POSITIVE_INFINITY }));
  }, [svg]);

  // Draws the SVG at the zoom and restores the anchor (or centres a found table) in the same frame.
  useLayoutEffect(() => {
    const element = svgElement();
    const viewport = viewportRef.current;
    if (!element || !viewport || !natural) return;
    element.style.width = `${natural.width * zoom}px`;
    element.style.height = `${natural.height * zoom}px`;
    const wanted = pending.current;
    pending.current = null;
    if (wanted?.centre) {
      const c = wanted.centre;
      viewport.scrollLeft = (c.x + c.width / 2) * zoom - viewport.clientWidth / 2;
      viewport.scrollTop = (c.y + c.height / 2) * zoom - viewport.clientHeight / 2;
      viewport.scrollIntoView({ block: 'nearest' });
    } else if (wanted?.anchor) {
      const next = scrollKeepingAnchor({ left: viewport.scrollLeft, top: viewport.scrollTop }, wanted.anchor, wanted.from, zoom);
      viewport.scrollLeft = next.left;
      viewport.scrollTop = next.top;
    }
  }, [zoom, natural]);

  /** Changes the zoom keeping the point under `anchor` (default: the viewport's centre) still. */
  const zoomTo = useCallback(
    (next: number, anchor?: { x: number; y: number }) => {
      const viewport = viewportRef.current;
      if (!viewport) return;
      const target = clampZoom(next);
      pending.current = { from: zoom, anchor: anchor ?? { x: viewport.clientWidth / 2, y: viewport.clientHeight / 2 } };
      setZoom(target);
    },
    [zoom],
  );
  const fit = useCallback(() => {
    const viewport = viewportRef.current;
    if (!viewport || !natural) return;
    pending.current = null;
    setZoom(fitZoom(natural, { width: viewport.clientWidth - 2, height: viewportMaxHeight() - 2 }));
    viewport.scrollTo({ left: 0, top: 0 });
  }, [natural]);

  // ctrl/⌘ + wheel zooms around the pointer; a plain wheel scrolls (pans) as usual. Not passive: it cancels the page zoom.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const rect = viewport.getBoundingClientRect();
      zoomTo(zoom * (event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP), { x: event.clientX - rect.left, y: event.clientY - rect.top });
    };
    viewport.addEventListener('wheel', onWheel, { passive: false });
    return () => viewport.removeEventListener('wheel', onWheel);
  }, [zoom, zoomTo]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.pointerType === 'touch') return;
    const viewport = viewportRef.current!;
    drag.current = { x: event.clientX, y: event.clientY, left: viewport.scrollLeft, top: viewport.scrollTop, id: event.pointerId };
    viewport.setPointerCapture(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.id !== event.pointerId) return;
    const viewport = viewportRef.current!;
    viewport.scrollLeft = start.left - (event.clientX - start.x);
    viewport.scrollTop = start.top - (event.clientY - start.y);
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const action = {
      '+': () => zoomTo(zoom * ZOOM_STEP),
      '=': () => zoomTo(zoom * ZOOM_STEP),
      '-': () => zoomTo(zoom / ZOOM_STEP),
      '0': () => zoomTo(1),
      f: fit,
    }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const names = useMemo(() => [...tables.keys()], [tables]);
  const matches = useMemo(() => findTables(names, query), [names, query]);
  const shown = matches.length === 0 ? null : matches[Math.min(current, matches.length - 1)]!;

  /** Brings a table into the middle of the viewport, at a zoom where its name can be read, and the viewport on screen. */
  const reveal = useCallback(
    (table: string) => {
      const box = tables.get(table);
      const viewport = viewportRef.current;
      if (!box || !viewport) return;
      const target = revealZoom(box, { width: viewport.clientWidth - 32, height: viewportMaxHeight() - 32 }, zoom);
      if (target === zoom) {
        // No zoom change, so no layout effect: centre it now.
        viewport.scrollLeft = (box.x + box.width / 2) * zoom - viewport.clientWidth / 2;
        viewport.scrollTop = (box.y + box.height / 2) * zoom - viewport.clientHeight / 2;
        viewport.scrollIntoView({ block: 'nearest' });
      } else {
        pending.current = { from: zoom, centre: box };
        setZoom(target);
      }
    },
    [tables, zoom],
  );

  // The outlined tables are marked on their SVG nodes too (data-match), for assistive tools and tests.
  useEffect(() => {
    const element = svgElement();
    if (!element) return;
    for (const node of element.querySelectorAll<SVGGElement>('g.node[data-table]')) {
      const table = node.dataset.table!;
      if (table === shown) node.dataset.match = 'current';
      else if (matches.includes(table)) node.dataset.match = 'other';
      else delete node.dataset.match;
    }
  }, [matches, shown]);

  const step = (by: number) => {
    if (matches.length === 0) return;
    const next = (Math.min(current, matches.length - 1) + by + matches.length) % matches.length;
    setCurrent(next);
    reveal(matches[next]!);
  };

  const percent = `${Math.round(zoom * 100)}%`;
  const searchable = tables.size > 0;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={`${title}: zoom and search`}>
        <Button variant="outline" size="icon" onClick={() => zoomTo(zoom / ZOOM_STEP)} aria-label="Zoom out" title="Zoom out (−)">
          <ZoomOutIcon />
        </Button>
        <span className="w-14 text-center text-sm tabular-nums" aria-live="polite" data-testid="diagram-zoom">
          {percent}
        </span>
        <Button variant="outline" size="icon" onClick={() => zoomTo(zoom * ZOOM_STEP)} aria-label="Zoom in" title="Zoom in (+)">
          <ZoomInIcon />
        </Button>
        <Button variant="outline" size="sm" onClick={() => zoomTo(1)} title="Actual size (0)">
          100%
        </Button>
        <Button variant="outline" size="sm" onClick={fit} title="Fit to screen (F)">
          <MaximizeIcon />
          Fit to screen
        </Button>
        {searchable && (
          <form
            className="ml-auto flex items-center gap-1"
            role="search"
            onSubmit={(event) => {
              event.preventDefault();
              if (shown) reveal(shown);
            }}
          >
            <div className="relative">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-muted-foreground" />
              <Input
                type="search"
                className="h-8 w-56 pl-8"
                placeholder="Find a table"
                aria-label="Find a table"
                value={query}
                onChange={(event) => {
                  const value = event.target.value;
                  setQuery(value);
                  setCurrent(0);
                  const first = findTables(names, value)[0];
                  if (first) reveal(first);
                }}
              />
            </div>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-8"
              disabled={matches.length < 2}
              onClick={() => step(-1)}
              aria-label="Previous match"
            >
              <ChevronUpIcon />
            </Button>
            <Button
              type="button"
              variant="outline"
              size="icon"
              className="size-8"
              disabled={matches.length < 2}
              onClick={() => step(1)}
              aria-label="Next match"
            >
              <ChevronDownIcon />
            </Button>
          </form>
        )}
      </div>
      {searchable && query.trim() !== '' && (
        <p className={cn('text-sm', matches.length === 0 ? 'text-destructive' : 'text-muted-foreground')} role="status" data-testid="diagram-search-status">
          {matches.length === 0
            ? `No table named “${query.trim()}”.`
            : `${matches.length} ${matches.length === 1 ? 'table matches' : 'tables match'} “${query.trim()}”${matches.length > 1 ? `: showing ${shown} (${Math.min(current, matches.length - 1) + 1} of ${matches.length})` : `: ${shown}`}.`}
        </p>
      )}
      <div
        ref={viewportRef}
        data-testid="diagram-image"
        data-zoom={zoom}
        tabIndex={0}
        role="region"
        aria-label={`${title} diagram at ${percent}. Drag or scroll to pan; plus, minus, 0 and F zoom.`}
        className={cn(
          'relative overflow-auto rounded-md border bg-background select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
          dragging ? 'cursor-grabbing' : 'cursor-grab',
        )}
        style={{ maxHeight: viewportMaxHeight() }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        <div className="relative mx-auto w-max">
          {/* Mermaid's own SVG, sanitised by Mermaid (securityLevel strict) from text written in this repository. */}
          <div ref={contentRef} dangerouslySetInnerHTML={markup} />
          {natural &&
            matches.map((table) => {
              const box = tables.get(table)!;
              return (
                <div
                  key={table}
                  data-testid={table === shown ? 'diagram-match-current' : 'diagram-match'}
                  data-table={table}
                  className={cn(
                    'pointer-events-none absolute rounded-sm',
                    table === shown ? 'bg-amber-300/25 outline-4 outline-amber-500' : 'outline-2 outline-amber-400/70 outline-dashed',
                  )}
                  style={{ left: box.x * zoom - 4, top: box.y * zoom - 4, width: box.width * zoom + 8, height: box.height * zoom + 8 }}
                />
              );
            })}
        </div>
      </div>
    </div>
  );
}
