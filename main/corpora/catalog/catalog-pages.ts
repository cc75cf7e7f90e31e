import type { CatalogFieldPage, CatalogFieldSummary, CatalogSource, CatalogSourcePage } from '../../../shared/contract/catalog.js';
import type { SearchInput, SearchOutput } from '../../../shared/contract.js';
import { AppError } from '../../core/errors.js';
import { explainedNotes } from './catalog-notes.js';
import type { CatalogFieldRow, CatalogSourceRow } from './catalog-repository.js';
import type { CatalogStore } from './catalog-store.js';
import { queryContext } from './condition.js';

/** Related fields on a field's page, at most. */
const relatedFields = 5;

/** The drill-down pages of the catalog: one field, one source. */
export interface CatalogPages {
  field(input: { source: string; physical_name: string }): Promise<CatalogFieldPage>;
  source(input: { id: string }): Promise<CatalogSourcePage>;
}

/** A source as the contract shows it (the data owner is its `owner`). */
export function toCatalogSource(row: CatalogSourceRow): CatalogSource {
  return { id: row.id, name: row.name, system: row.system, owner: row.data_owner, description: row.description, fields: row.fields };
}

function summaryOf(row: Pick<CatalogFieldRow, 'source' | 'source_name' | 'physical_name' | 'business_name' | 'data_type'>, notes: number): CatalogFieldSummary {
  return { source: row.source, source_name: row.source_name, physical_name: row.physical_name, business_name: row.business_name, data_type: row.data_type, notes };
}

/**
 * Builds the pages over the store and the catalog's own search. A field's related fields are what a search for
 * its business name also finds (the phase in force, so they are the fields an analyst's own search would show next
 * to it); loosely related ones are left out.
 */
export function createCatalogPages(deps: { store: CatalogStore; search: (input: SearchInput) => Promise<SearchOutput> }): CatalogPages {
  const { store } = deps;

  async function requireSource(id: string): Promise<CatalogSourceRow> {
    const source = await store.source(id);
    if (!source) throw new AppError('not_found', `The data catalog has no source "${id}". "catalog.sources" lists them.`);
    return source;
  }

  return {
    async field(input) {
      const row = await store.field(input.source, input.physical_name);
      if (!row) throw new AppError('not_found', `The source "${input.source}" has no field "${input.physical_name}". Search the catalog for it by its business name.`);
      const source = await requireSource(row.source);
      // Explained for no question: each note says whether it always applies, or what a question must mention.
      const notes = explainedNotes((await store.notesOf([row.id])).get(row.id) ?? [], queryContext(''));
      const found = await deps.search({ corpus: 'catalog', query: row.business_name, k: relatedFields + 1, profile: 'default' });
      const related = found.hits
        .filter((hit) => hit.catalog && hit.relevance !== 'none' && !(hit.catalog.source === row.source && hit.catalog.physical_name === row.physical_name))
        .slice(0, relatedFields)
        .map((hit) => {
          const field = hit.catalog as NonNullable<typeof hit.catalog>;
          return summaryOf(field, field.notes?.length ?? field.tribal_notes.length);
        });
      return {
        source: toCatalogSource(source),
        physical_name: row.physical_name,
        business_name: row.business_name,
        definition: row.definition,
        data_type: row.data_type,
        notes,
        related,
      };
    },

    async source(input) {
      const source = await requireSource(input.id);
      return { source: toCatalogSource(source), fields: (await store.fieldsOf(source.id)).map((row) => summaryOf(row, row.notes)) };
    },
  };
}
