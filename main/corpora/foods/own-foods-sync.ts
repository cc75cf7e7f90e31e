import type { KeywordDocument, KeywordIndex } from '../../retrieval/keyword-index.js';
import { foodKeywordDocument } from './foods-corpus.js';
import type { FoodsStore } from './foods-store.js';
import type { OwnFoodRow, OwnFoodsPostgres, OwnFoodsSignature } from './own-foods-postgres.js';

/**
 * Keeps one process's keyword index up to the profiles' own foods on PostgreSQL, which any server sharing the database
 * adds, changes and removes. The index holds every profile's own foods beside the shipped ones; this keeps the
 * signature of the own foods it holds (own-foods-postgres.ts: their count and a sum over every id and revision).
 */
export interface OwnFoodsSync {
  /** Before a search: one query when nothing changed since; else the changed foods are read and re-indexed. */
  beforeSearch(): Promise<void>;
  /** The store the foods corpus writes through: what it adds or changes is recorded as held, so no search reads it back. */
  readonly store: FoodsStore;
  /** The index was rebuilt from the data directory's foods: the next search reads every own food again. */
  forget(): void;
}

/** The sync of `index` with the own foods of `own`; `shipped` gives the shipped foods' documents for a whole rebuild. */
export function createOwnFoodsSync(own: OwnFoodsPostgres, index: KeywordIndex, shipped: () => KeywordDocument[]): OwnFoodsSync {
  /** The signature of the own foods the index holds; undefined until first read, or after `forget`. */
  let held: OwnFoodsSignature | undefined;
  /** The revision and term of each own food the index holds, by id (negative: foods-store.ts). */
  let versions = new Map<number, { revision: number; term: bigint }>();

  /**
   * A food this process just wrote (the corpus puts it in the index as the call returns): its term goes into the held
   * signature in place of its old revision's. When no other server wrote meanwhile, the next search's signature is
   * then the database's, and nothing is read back; when one did, the signatures differ and the search reads.
   */
  function written(row: OwnFoodRow): OwnFoodRow {
    if (!held) return row;
    const previous = versions.get(row.id);
    const term = BigInt(row.term);
    held = previous ? { count: held.count, sum: held.sum - previous.term + term } : { count: held.count + 1, sum: held.sum + term };
    versions.set(row.id, { revision: row.revision, term });
    return row;
  }

  return {
    async beforeSearch() {
      const signature = await own.signature();
      if (held && signature.count === held.count && signature.sum === held.sum) return;
      const rows = await own.allOwn();
      const now = new Map(rows.map((row) => [row.id, { revision: row.revision, term: BigInt(row.term) }]));
      // The first time (or after a rebuild), whole: a keyword snapshot may hold own foods removed since it was saved.
      if (!held) index.replaceAll([...shipped(), ...rows.map(foodKeywordDocument)]);
      else {
        for (const id of versions.keys()) if (!now.has(id)) index.remove(id);
        for (const row of rows) if (versions.get(row.id)?.revision !== row.revision) index.upsert(foodKeywordDocument(row));
      }
      versions = now;
      // The signature read before the rows: a write committed between the two makes the next search read again.
      held = signature;
    },
    store: {
      ...own,
      insertOwn: async (food) => written(await own.insertOwn(food)),
      async updateOwn(owner, code, patch) {
        const row = await own.updateOwn(owner, code, patch);
        return row && written(row);
      },
    },
    forget() {
      held = undefined;
      versions = new Map();
    },
  };
}
