import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { analyticsExportParts, analyticsExports } from '../../db/schema/index';

/** Characters read per round trip from a file stored as one value (exports built before parts). */
const LEGACY_READ_CHARS = 1024 * 1024;

/**
 * A finished export's CSV (without the BOM), a piece at a time: its stored parts in order, or, for an export built
 * before parts existed, its one stored value read a million characters at a time. Never the whole file at once.
 */
export async function* exportFilePieces(db: Db, exportId: string): AsyncGenerator<string> {
  const [legacy] = await db
    .select({ stored: sql<boolean>`${analyticsExports.content} is not null` })
    .from(analyticsExports)
    .where(eq(analyticsExports.id, exportId));
  if (legacy?.stored) {
    // substr counts characters, so a piece never splits a multi-byte character.
    for (let start = 1; ; start += LEGACY_READ_CHARS) {
      const [piece] = await db
        .select({ text: sql<string | null>`substr(${analyticsExports.content}, ${start}, ${LEGACY_READ_CHARS})` })
        .from(analyticsExports)
        .where(eq(analyticsExports.id, exportId));
      if (!piece?.text) return;
      yield piece.text;
      if (piece.text.length < LEGACY_READ_CHARS) return;
    }
  }
  for (let part = 0; ; part += 1) {
    const [next] = await db
      .select({ part: analyticsExportParts.part, content: analyticsExportParts.content })
      .from(analyticsExportParts)
      .where(and(eq(analyticsExportParts.exportId, exportId), gte(analyticsExportParts.part, part)))
      .orderBy(asc(analyticsExportParts.part))
      .limit(1);
    if (!next) return;
    yield next.content;
    part = next.part;
  }
}

/** The whole CSV of a small export (an e-mail attachment). */
export async function readExportFile(db: Db, exportId: string): Promise<string> {
  const pieces: string[] = [];
  for await (const piece of exportFilePieces(db, exportId)) pieces.push(piece);
  return pieces.join('');
}
