import type { Messages } from './en';

/** Mensajes en español; mismas claves que `en.ts`. */
export const es: Messages = {
  app: {
    title: 'cita',
    tagline: 'Responde solo con lo que recuperó',
    skipToContent: 'Saltar al contenido',
    loading: 'Cargando…',
    retry: 'Reintentar',
    degraded: 'Modo solo palabras clave: la búsqueda semántica está desactivada porque {{reason}}. Los resultados vienen de coincidencias de palabras.',
  },
  nav: {
    label: 'Secciones',
    foods: 'Alimentos',
    diary: 'Diario',
    ask: 'Pregunta a tu registro',
    catalog: 'Catálogo de datos',
    kb: 'Base clínica',
    settings: 'Ajustes',
    status: 'Estado del índice',
  },
  screens: {
    notYet: 'Esta sección todavía no está disponible en esta versión.',
  },
  status: {
    title: 'Estado del índice',
    embedder: 'Modelo de embeddings',
    mode: 'Modo',
    model: 'Archivo del modelo',
    corpus: 'Corpus',
    rows: 'Filas',
    vectors: 'Vectores',
    stale: 'Desactualizados',
    missing: 'Faltantes',
    none: 'ninguno',
    empty: 'Aún no hay datos. Ejecute "cita seed" o use Reingestar.',
    schema: 'Esquema de base de datos v{{version}} en {{path}}',
  },
  settings: {
    title: 'Ajustes',
    saved: 'Ajustes guardados.',
    save: 'Guardar',
    language: 'Idioma',
    theme: 'Tema',
    system: 'Sistema',
    light: 'Claro',
    dark: 'Oscuro',
  },
};
