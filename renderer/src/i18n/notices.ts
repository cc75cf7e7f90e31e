import type { Notice } from '../../../shared/contract';
import { formatDaysIn, formatNumber, nutrientLabel } from './format';
import type { Language } from './index';

/**
 * cita writes each notice's message in English; these say the same in another language, keyed by the notice's code
 * (and `code_context` where `params.context` picks a variant). Placeholders are the notice's `params`. A code with no
 * entry here, or whose params are missing, is shown in cita's own words. The English UI always shows cita's message.
 */
export const noticeTemplates: Partial<Record<Language, Readonly<Record<string, string>>>> = {
  es: {
    cross_language_unavailable: 'Resultados sin búsqueda entre idiomas: esa parte de la búsqueda no está disponible ahora.',
    keyword_only: 'Solo resultados por palabras clave: la búsqueda por significado no está disponible.',
    embedder_failed: 'El modelo de búsqueda por significado falló; se muestran los resultados por palabras clave.',
    empty_corpus: 'Este índice está vacío: aún no se ha cargado nada. Cargue los datos incluidos con «cita seed» o importe un archivo con «cita ingest».',
    no_vectors: 'Este índice aún no tiene vectores del modelo en uso; se muestran los resultados por palabras clave. Reindexe desde Estado del índice.',
    semantic_only: 'Ninguna palabra de la pregunta aparece en las fichas: son solo las fichas más cercanas por significado y puede que no la respondan.',
    reranker_unavailable: 'Ordenado sin el reordenador (cross-encoder), que no está disponible.',
    reranker_failed: 'El reordenador (cross-encoder) falló; se muestra el orden de la primera búsqueda.',
    examples_unavailable: 'Se decide si hay respuesta sin las preguntas de ejemplo, que no se pudieron leer ahora (Estado del índice dice por qué).',
    not_answerable: 'Ningún resultado responde claramente a esta pregunta: son solo los más cercanos.',
    relevance_unchecked: 'No se comprobó si estos pasajes responden a la pregunta: la comprobación solo lee inglés.',
    no_match: 'Ningún alimento del catálogo coincide con «{{query}}». Revise la ortografía, pruebe otro nombre o añádalo como alimento propio.',
    own_foods_unavailable: 'No se pudieron leer sus alimentos propios (la base de datos PostgreSQL no responde): estos resultados son solo los alimentos del catálogo.',
    spelling: 'Ningún nombre de alimento tiene «{{typed}}»: se buscó «{{read}}».',
    weak_matches: 'Sin coincidencia cercana: estos alimentos solo se parecen a lo que escribió (una ortografía parecida o un alimento relacionado).',
    weak_matches_fields: 'Ningún campo coincide bien: estos solo están relacionados de lejos. Pruebe el término de negocio, el sistema o un nombre físico.',
    concept: 'Leído como «{{name_es}}»: {{count}} alimentos que un organismo público clasifica así; vea la explicación de cada alimento.',
    concept_fat: 'Leído como «{{name_es}}»: {{count}} alimentos que un organismo público clasifica así o con al menos {{fat}} g de grasa por 100 g; vea la explicación de cada alimento.',
    unmeasured: '{{nutrient}}: no se midió en {{count}} entradas del diario; los totales cubren solo los alimentos medidos.',
    context_cut_foods: 'Totales por alimento recortados a {{shown}} de {{total}} alimentos (los de más energía primero).',
    context_cut_entries: 'Filas de alimentos recortadas a {{shown}} de {{total}} entradas (las de más energía primero).',
    own_document:
      'Esta respuesta cita sus propios documentos ({{titles}}). La comprobación de que un pasaje responde a la pregunta se calibró con las fichas incluidas y es mucho más débil con sus documentos: puede citar un pasaje sobre el tema que no dice lo que se preguntó. Lea la cita antes de fiarse de ella.',
  },
};

/** A notice in `language`: its template filled with its params (nutrients by name, numbers and days as the reader writes them), else cita's message. */
export function noticeText(notice: Pick<Notice, 'code' | 'message' | 'params'>, language: Language): string {
  const templates = noticeTemplates[language];
  const params = notice.params ?? {};
  const variant = typeof params.context === 'string' ? `${notice.code}_${params.context}` : undefined;
  const template = templates?.[variant ?? ''] ?? templates?.[notice.code];
  if (template === undefined) return formatDaysIn(notice.message, language);
  const value = (name: string): string | undefined => {
    const raw = params[name];
    if (raw === undefined) return undefined;
    if (name === 'nutrient' && typeof raw === 'string') return nutrientLabel(raw, language);
    return typeof raw === 'number' ? formatNumber(raw, language, 1) : raw;
  };
  const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string);
  if (names.some((name) => value(name) === undefined)) return formatDaysIn(notice.message, language);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => value(name) as string);
}
