import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createKeywordIndex, loadKeywordIndex, type KeywordDocument, type KeywordIndex, type KeywordIndexOptions } from './keyword-index.js';

/**
 * Start-up from a snapshot for large keyword indexes. `cita bench` measured MiniSearch at 100,000 IFCT-like foods:
 * loading a snapshot is about three times faster than re-reading and re-tokenising every row, while below ten
 * thousand documents a rebuild takes tens of milliseconds and a snapshot is not worth a file. A snapshot is used
 * only when its fingerprint of the rows (ids and update times) and of the index settings matches the database
 * now, so a crash, a restore from backup or an older snapshot can only cost a rebuild, never stale results.
 */
export const snapshotMinimumDocuments = 10_000;

/** Bump when tokenising or term processing changes: older snapshots are then rebuilt. */
const snapshotFormat = 'cita-keyword-snapshot:2';

export interface KeywordSnapshotSource {
  /** Where the snapshot lives, e.g. `<data dir>/keyword/foods.json`. */
  file: string;
  options: KeywordIndexOptions;
  /** Rows the index stands for, as documents. */
  documents(): Iterable<KeywordDocument>;
  /** One line per row that changes whenever the row does (e.g. `id:updated_at`), in a stable order. */
  rowVersions(): Iterable<string>;
  count(): number;
  minimumDocuments?: number;
}

export interface OpenedKeywordIndex {
  index: KeywordIndex;
  from: 'snapshot' | 'rows';
  /** Writes a new snapshot when the rows changed since the last one (at close); nothing below the threshold. */
  save(): { written: boolean };
}

export function openKeywordIndex(source: KeywordSnapshotSource): OpenedKeywordIndex {
  const minimum = source.minimumDocuments ?? snapshotMinimumDocuments;
  let savedFingerprint: string | null = null;
  let index: KeywordIndex | null = null;
  let from: OpenedKeywordIndex['from'] = 'rows';
  if (source.count() >= minimum) {
    const stored = readSnapshot(source.file);
    const fingerprint = stored ? fingerprintOf(source) : null;
    if (stored && stored.fingerprint === fingerprint) {
      try {
        index = loadKeywordIndex(stored.body, source.options, () => source.documents());
        savedFingerprint = fingerprint;
        from = 'snapshot';
      } catch {
        index = null;
      }
    }
  }
  if (index === null) {
    index = createKeywordIndex(source.options);
    for (const document of source.documents()) index.add(document);
  }
  const opened = index;
  return {
    index: opened,
    from,
    save() {
      // Below the threshold no snapshot is kept; an index that does not hold every row (rows written around it)
      // is never saved, so the next start rebuilds from the rows.
      const count = source.count();
      if (count < minimum || opened.size() !== count) {
        rmSync(source.file, { force: true });
        return { written: false };
      }
      const fingerprint = fingerprintOf(source);
      if (fingerprint === savedFingerprint) return { written: false };
      writeSnapshot(source.file, fingerprint, JSON.stringify(opened.toJSON()));
      savedFingerprint = fingerprint;
      return { written: true };
    },
  };
}

function fingerprintOf(source: KeywordSnapshotSource): string {
  const hash = createHash('sha256').update(`${snapshotFormat}\n${JSON.stringify(source.options)}\n`);
  for (const line of source.rowVersions()) hash.update(`${line}\n`);
  return hash.digest('hex');
}

/** File layout: one JSON line `{format, fingerprint}`, then MiniSearch's own JSON. */
function readSnapshot(file: string): { fingerprint: string; body: string } | null {
  if (!existsSync(file)) return null;
  try {
    const text = readFileSync(file, 'utf8');
    const newline = text.indexOf('\n');
    const header = JSON.parse(text.slice(0, newline)) as { format?: unknown; fingerprint?: unknown };
    if (header.format !== snapshotFormat || typeof header.fingerprint !== 'string') return null;
    return { fingerprint: header.fingerprint, body: text.slice(newline + 1) };
  } catch {
    return null;
  }
}

/** Written beside the target and renamed over it: a crash leaves the old snapshot or the new one, never half. */
function writeSnapshot(file: string, fingerprint: string, body: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ format: snapshotFormat, fingerprint })}\n${body}`);
  renameSync(temporary, file);
}
