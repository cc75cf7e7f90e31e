import type { Database } from 'better-sqlite3';

/** A manual's stored citation. */
export interface ManualRow {
  id: string;
  title: string;
  source_name: string;
  source_url: string;
  content_hash: string;
}

/** A section as stored: its place in the tree, its summary and what was embedded for it. */
export interface ManualSectionRow {
  id: number;
  manual_id: string;
  section_index: number;
  parent_index: number | null;
  level: number;
  heading: string;
  item_key: string;
  summary: string;
  summary_by: string;
  embed_text: string;
  embed_hash: string;
}

/** A passage with what a hit shows: its manual's citation and its section's place. */
export interface ManualPassageRow {
  id: number;
  manual_id: string;
  section_id: number;
  chunk_index: number;
  passage: string;
  embed_text: string;
  embed_hash: string;
}

/** What one manual's rewrite stores: the manual, its sections in order, and each section's passages. */
export interface ManualWrite {
  manual: ManualRow;
  sections: Array<Omit<ManualSectionRow, 'id' | 'manual_id'> & { passages: Array<Pick<ManualPassageRow, 'chunk_index' | 'passage' | 'embed_text' | 'embed_hash'>> }>;
}

/** Where a manual came from: shipped with cita, or ingested by the user (`--from`). */
export type ManualOrigin = 'shipped' | 'user';

export interface ManualsRepository {
  manual(id: string): ManualRow | undefined;
  manuals(): ManualRow[];
  /** Replaces a manual whole (its old sections and passages go); returns the ids removed, whose vectors must go too. */
  replace(write: ManualWrite): { removedSectionIds: number[]; removedPassageIds: number[] };
  /** Removes the manuals of `origin` not in `keep` (never the other origin's); returns the ids removed. */
  removeExcept(keep: readonly string[], origin: ManualOrigin): { removed: number; removedSectionIds: number[]; removedPassageIds: number[] };
  /** Records where these manuals came from (the shipped set, or the user's `--from`). */
  markOrigin(ids: readonly string[], origin: ManualOrigin): void;
  sections(manualId?: string): ManualSectionRow[];
  passages(): ManualPassageRow[];
  passagesByIds(ids: readonly number[]): ManualPassageRow[];
  sectionsByIds(ids: readonly number[]): ManualSectionRow[];
  /** Passages per section id of one manual (or of all). */
  passageCounts(manualId?: string): Map<number, number>;
}

/** All SQL of the manuals corpus. */
export function createManualsRepository(db: Database): ManualsRepository {
  const selectManual = db.prepare('SELECT id, title, source_name, source_url, content_hash FROM manuals WHERE id = ?');
  const selectManuals = db.prepare('SELECT id, title, source_name, source_url, content_hash FROM manuals ORDER BY id');
  const upsertManual = db.prepare(
    `INSERT INTO manuals (id, title, source_name, source_url, content_hash) VALUES (@id, @title, @source_name, @source_url, @content_hash)
     ON CONFLICT (id) DO UPDATE SET title = excluded.title, source_name = excluded.source_name, source_url = excluded.source_url,
       content_hash = excluded.content_hash, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  );
  const sectionColumns = 'id, manual_id, section_index, parent_index, level, heading, item_key, summary, summary_by, embed_text, embed_hash';
  const selectSectionIds = db.prepare('SELECT id FROM manual_sections WHERE manual_id = ?').pluck();
  const selectPassageIds = db.prepare('SELECT id FROM manual_passages WHERE manual_id = ?').pluck();
  const deletePassages = db.prepare('DELETE FROM manual_passages WHERE manual_id = ?');
  const deleteSections = db.prepare('DELETE FROM manual_sections WHERE manual_id = ?');
  const deleteManual = db.prepare('DELETE FROM manuals WHERE id = ?');
  const selectIdsOf = db.prepare<[ManualOrigin], string>('SELECT id FROM manuals WHERE origin = ? ORDER BY id').pluck();
  const updateOrigin = db.prepare<[ManualOrigin, string, ManualOrigin]>('UPDATE manuals SET origin = ? WHERE id = ? AND origin <> ?');
  const insertSection = db.prepare(
    `INSERT INTO manual_sections (manual_id, section_index, parent_index, level, heading, item_key, summary, summary_by, embed_text, embed_hash)
     VALUES (@manual_id, @section_index, @parent_index, @level, @heading, @item_key, @summary, @summary_by, @embed_text, @embed_hash)`,
  );
  const insertPassage = db.prepare(
    `INSERT INTO manual_passages (manual_id, section_id, chunk_index, passage, embed_text, embed_hash) VALUES (@manual_id, @section_id, @chunk_index, @passage, @embed_text, @embed_hash)`,
  );
  const selectAllSections = db.prepare(`SELECT ${sectionColumns} FROM manual_sections ORDER BY manual_id, section_index`);
  const selectSectionsOf = db.prepare(`SELECT ${sectionColumns} FROM manual_sections WHERE manual_id = ? ORDER BY section_index`);
  const passageColumns = 'id, manual_id, section_id, chunk_index, passage, embed_text, embed_hash';
  const selectPassages = db.prepare(`SELECT ${passageColumns} FROM manual_passages ORDER BY id`);
  const countPassages = db.prepare('SELECT section_id, count(*) AS n FROM manual_passages WHERE @manual IS NULL OR manual_id = @manual GROUP BY section_id');

  const removeManual = (id: string) => {
    const removedSectionIds = selectSectionIds.all(id) as number[];
    const removedPassageIds = selectPassageIds.all(id) as number[];
    deletePassages.run(id);
    deleteSections.run(id);
    return { removedSectionIds, removedPassageIds };
  };

  const byIds = <T>(table: string, columns: string, ids: readonly number[]): T[] => {
    if (ids.length === 0) return [];
    return db.prepare(`SELECT ${columns} FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as T[];
  };

  return {
    manual: (id) => selectManual.get(id) as ManualRow | undefined,
    manuals: () => selectManuals.all() as ManualRow[],
    replace: db.transaction((write: ManualWrite) => {
      const removed = removeManual(write.manual.id);
      upsertManual.run(write.manual);
      for (const section of write.sections) {
        const { passages, ...fields } = section;
        const sectionId = Number(insertSection.run({ ...fields, manual_id: write.manual.id }).lastInsertRowid);
        for (const passage of passages) insertPassage.run({ ...passage, manual_id: write.manual.id, section_id: sectionId });
      }
      return removed;
    }),
    removeExcept: db.transaction((keep: readonly string[], origin: ManualOrigin) => {
      const gone = selectIdsOf.all(origin).filter((id) => !keep.includes(id));
      const removedSectionIds: number[] = [];
      const removedPassageIds: number[] = [];
      for (const id of gone) {
        const removed = removeManual(id);
        deleteManual.run(id);
        removedSectionIds.push(...removed.removedSectionIds);
        removedPassageIds.push(...removed.removedPassageIds);
      }
      return { removed: gone.length, removedSectionIds, removedPassageIds };
    }),
    markOrigin: db.transaction((ids: readonly string[], origin: ManualOrigin) => {
      for (const id of ids) updateOrigin.run(origin, id, origin);
    }),
    sections: (manualId) => (manualId === undefined ? selectAllSections.all() : selectSectionsOf.all(manualId)) as ManualSectionRow[],
    passages: () => selectPassages.all() as ManualPassageRow[],
    passagesByIds: (ids) => byIds<ManualPassageRow>('manual_passages', passageColumns, ids),
    sectionsByIds: (ids) => byIds<ManualSectionRow>('manual_sections', sectionColumns, ids),
    passageCounts: (manualId) => new Map((countPassages.all({ manual: manualId ?? null }) as Array<{ section_id: number; n: number }>).map((row) => [row.section_id, row.n])),
  };
}
