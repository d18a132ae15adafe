import { describe, expect, it } from 'vitest';
import { clampZoom, findTables, fitZoom, MAX_ZOOM, MIN_ZOOM, revealZoom, scrollKeepingAnchor, tableOfNodeId } from './diagram-geometry';

describe('diagram viewer geometry', () => {
  it('fits the whole picture in the room, never enlarging it, within the zoom limits', () => {
    // The data model: 25,105 × 2,000 px in a 1,000 × 600 card is limited by its width.
    expect(fitZoom({ width: 25_105, height: 2_000 }, { width: 1_000, height: 600 })).toBeCloseTo(1_000 / 25_105, 6);
    expect(fitZoom({ width: 800, height: 3_000 }, { width: 1_000, height: 600 })).toBeCloseTo(0.2, 6);
    expect(fitZoom({ width: 400, height: 300 }, { width: 1_000, height: 600 })).toBe(1);
    expect(fitZoom({ width: 1_000_000, height: 10 }, { width: 100, height: 100 })).toBe(MIN_ZOOM);
    expect(fitZoom({ width: 0, height: 0 }, { width: 100, height: 100 })).toBe(1);
    expect(clampZoom(100)).toBe(MAX_ZOOM);
  });

  it('shows a found table at a readable size, smaller only when it would not fit', () => {
    const room = { width: 950, height: 600 };
    expect(revealZoom({ width: 400, height: 300 }, room, 0.04)).toBe(1);
    expect(revealZoom({ width: 400, height: 300 }, room, 1.5)).toBe(1.5);
    // A tall table (1,031 px at 100 %) is shown whole.
    expect(revealZoom({ width: 424, height: 1_031 }, room, 0.04)).toBeCloseTo(600 / 1_031, 6);
    expect(revealZoom({ width: 424, height: 1_031 }, room, 3)).toBeCloseTo(600 / 1_031, 6);
  });

  it('keeps the point under the pointer still when zooming', () => {
    // At zoom 1 the viewport shows content x 500..1500; the pointer is 200 px in, on content x 700.
    const next = scrollKeepingAnchor({ left: 500, top: 0 }, { x: 200, y: 0 }, 1, 2);
    // At zoom 2 content x 700 is at 1400 px; with the pointer 200 px in, the scroll is 1200.
    expect(next).toEqual({ left: 1200, top: 0 });
    expect(scrollKeepingAnchor({ left: 1200, top: 40 }, { x: 200, y: 10 }, 2, 1)).toEqual({ left: 500, top: 15 });
  });

  it('reads the table from the ids Mermaid gives ER nodes', () => {
    expect(tableOfNodeId('architecture-diagram-7-entity-knowledge_sources-12')).toBe('knowledge_sources');
    expect(tableOfNodeId('entity-users-0')).toBe('users');
    expect(tableOfNodeId('architecture-diagram-3-flowchart-visit-0')).toBeNull();
  });

  it('finds tables by part of the name, the exact name first; nothing for a blank query', () => {
    const tables = ['knowledge_source_chunks', 'knowledge_sources', 'users', 'api_keys'];
    expect(findTables(tables, ' Knowledge_Sources ')).toEqual(['knowledge_sources']);
    expect(findTables(tables, 'knowledge')).toEqual(['knowledge_source_chunks', 'knowledge_sources']);
    expect(findTables(tables, 'users')).toEqual(['users']);
    expect(findTables(['users', 'admin_users'], 'users')).toEqual(['users', 'admin_users']);
    expect(findTables(tables, 'nothing_like_it')).toEqual([]);
    expect(findTables(tables, '   ')).toEqual([]);
  });
});
