/** English messages; `es.ts` must have exactly the same keys (a test checks). */
export const en = {
  app: {
    title: 'cita',
    tagline: 'Answers only from what it retrieved',
    skipToContent: 'Skip to content',
    loading: 'Loading…',
    retry: 'Try again',
    degraded: 'Keyword-only mode: semantic search is off because {{reason}}. Results come from keyword matching.',
  },
  nav: {
    label: 'Sections',
    foods: 'Foods',
    diary: 'Diary',
    ask: 'Ask your log',
    catalog: 'Data catalog',
    kb: 'Clinical KB',
    settings: 'Settings',
    status: 'Index status',
  },
  screens: {
    notYet: 'This section is not available in this version yet.',
  },
  status: {
    title: 'Index status',
    embedder: 'Embedder',
    mode: 'Mode',
    model: 'Model file',
    corpus: 'Corpus',
    rows: 'Rows',
    vectors: 'Vectors',
    stale: 'Stale',
    missing: 'Missing',
    none: 'none',
    empty: 'No data loaded yet. Run "cita seed" or use Re-ingest.',
    schema: 'Database schema v{{version}} at {{path}}',
  },
  settings: {
    title: 'Settings',
    saved: 'Settings saved.',
    save: 'Save',
    language: 'Language',
    theme: 'Theme',
    system: 'System',
    light: 'Light',
    dark: 'Dark',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof en>;
