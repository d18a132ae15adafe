/** Zoom steps and limits of the diagram viewer, and the arithmetic it does (kept here so it is tested on its own). */
export const MIN_ZOOM = 0.02;
export const MAX_ZOOM = 4;
export const ZOOM_STEP = 1.25;
/** A table found by the search is shown at least this large, so its name can be read. */
export const READABLE_ZOOM = 1;

export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The zoom at which a picture of `natural` size fits whole inside `room` (never above 100 %: fitting never enlarges). */
export function fitZoom(natural: { width: number; height: number }, room: { width: number; height: number }): number {
  if (natural.width <= 0 || natural.height <= 0 || room.width <= 0 || room.height <= 0) return 1;
  return clampZoom(Math.min(1, room.width / natural.width, room.height / natural.height));
}

/**
 * The zoom to show a found table at: at least readable (100 %) unless the table is larger than the room, in which
 * case exactly as large as fits (a table with many columns is taller than the viewport at 100 %).
 */
export function revealZoom(table: { width: number; height: number }, room: { width: number; height: number }, zoom: number): number {
  const fits = Math.min(room.width / Math.max(table.width, 1), room.height / Math.max(table.height, 1));
  return clampZoom(Math.min(Math.max(zoom, READABLE_ZOOM), fits));
}

/**
 * The scroll position that keeps the point under `anchor` (in the viewport's own pixels) where it is when the zoom
 * goes from `from` to `to`.
 */
export function scrollKeepingAnchor(scroll: { left: number; top: number }, anchor: { x: number; y: number }, from: number, to: number) {
  const ratio = to / from;
  return { left: (scroll.left + anchor.x) * ratio - anchor.x, top: (scroll.top + anchor.y) * ratio - anchor.y };
}

/** The table a node of Mermaid's ER diagram draws, from its element id (`…entity-<table>-<n>`), or null. */
export function tableOfNodeId(id: string): string | null {
  const match = /(?:^|-)entity-(.+)-\d+$/.exec(id);
  return match ? match[1]! : null;
}

/**
 * Tables whose name contains the query (case and surrounding spaces ignored), the exact name first, then by name.
 * An empty query finds nothing.
 */
export function findTables(tables: readonly string[], query: string): string[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [];
  return tables
    .filter((name) => name.toLowerCase().includes(wanted))
    .sort((a, b) => Number(b.toLowerCase() === wanted) - Number(a.toLowerCase() === wanted) || a.localeCompare(b));
}
