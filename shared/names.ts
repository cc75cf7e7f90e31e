/**
 * Operation and event names without their schemas, for the preload (which must stay tiny).
 * `contract.ts` checks at compile time that these lists equal its keys.
 */
export const operationNames = [
  // core
  'status',
  'settings.get',
  'settings.update',
  'jobs.start',
  'jobs.cancel',
  'jobs.list',
  'ingest',
  'secrets.set',
  'secrets.status',
  // search and ask
  'search',
  'ask',
  // foods
  'foods.add',
  'foods.update',
  'foods.get',
  'foods.portions',
  'foods.portions.add',
  'profiles.add',
  'profiles.list',
  // food diary
  'diary.add',
  'diary.update',
  'diary.recent',
  'diary.remove',
  'diary.day',
  'diary.series',
  'diary.import',
  'diary.import.preview',
  'diary.import.confirm',
  'diary.targets.set',
  // catalog
  'catalog.sources',
  'catalog.field',
  'catalog.source',
  // clinical knowledge base
  'kb.cards',
  'kb.card',
  'kb.drugs',
  'manuals.list',
  'manuals.tree',
  // the first-run demo data
  'demo.remove',
] as const;

export const eventNames = ['job.progress'] as const;

/** The IPC channel of an operation or event; the only place channel names are formed. */
export function channelOf(name: string): string {
  return `cita:${name}`;
}
