import type { DiaryPlan, DiaryScopeReason, Language } from '../../shared/contract.js';
import { nutrients } from '../../shared/nutrients.js';
import { csvLine } from './csv-line.js';
import { listWords, trackedNutrientNames, type PlanAdjustment } from './plan-sanitizer.js';

/** A refusal: what the user reads, and the context it was written from (what the plan knew). */
export interface Refusal {
  answer: string;
  context: string;
}

const examples: Record<Language, readonly string[]> = {
  en: ['How much sodium did I have last week?', 'What did I eat for dinner yesterday?', 'Did I eat more protein this week than last week?', 'Which foods gave me the most sugar this month?'],
  es: ['¿Cuánto sodio comí la semana pasada?', '¿Qué cené ayer?', '¿Comí más proteína esta semana que la semana pasada?', '¿Qué alimentos me aportaron más azúcar este mes?'],
};

/** Why a question the log cannot answer is refused, by what it asks (question-scope.ts); no figures, so no context. */
const scopeAnswers: Record<Language, Record<DiaryScopeReason, string>> = {
  en: {
    advice:
      '"Ask your log" answers from the entries of your diary: what you ate, by day and meal, and its nutrients. It does not advise what to eat or whether a food is good for you. Ask about what you logged, for example: "How much sodium did I have last week?"',
    food_fact:
      '"Ask your log" answers about what you ate, not about what a food contains in general. Look the food up in Foods to see what it contains; to see that food in your diary, ask for example: "How much cheese did I eat last week?"',
    someone_else: 'Your diary holds only your own entries in this profile, so it cannot say what someone else ate. If they keep a diary in cita, switch to their profile and ask there.',
    app_use:
      '"Ask your log" answers questions about your entries; it does not change them. To log, change or delete an entry use Diary (Day tab); to import a file, Diary\'s Import CSV tab. On the command line, "cita diary target" sets a daily target and "cita export" writes your foods, diary and targets as CSV.',
    chat: '"Ask your log" answers questions about your entries, for example: "What did I eat for dinner yesterday?" or "How much sodium did I have last week?"',
    not_eating:
      'Your diary holds what you ate, by day and meal, and its nutrients: nothing about sleep, mood, symptoms, exercise, money, places, people or the time of day. Ask about what you logged, for example: "What did I eat for dinner yesterday?"',
  },
  es: {
    advice:
      '«Pregunta a tu registro» responde con las entradas de su diario: lo que comió, por día y comida, y sus nutrientes. No aconseja qué comer ni si un alimento le conviene. Pregunte por lo que registró, por ejemplo: «¿Cuánto sodio comí la semana pasada?»',
    food_fact:
      '«Pregunta a tu registro» responde sobre lo que usted comió, no sobre lo que contiene un alimento en general. Busque el alimento en Alimentos para ver lo que contiene; para ver ese alimento en su diario, pregunte por ejemplo: «¿Cuánto queso comí la semana pasada?»',
    someone_else:
      'Su diario solo guarda sus propias entradas en este perfil, así que no puede decir qué comió otra persona. Si esa persona lleva un diario en cita, cambie al perfil de esa persona y pregunte allí.',
    app_use:
      '«Pregunta a tu registro» responde preguntas sobre sus entradas; no las cambia. Para registrar, cambiar o borrar una entrada use Diario (pestaña Día); para importar un archivo, la pestaña Importar CSV de Diario. En la línea de comandos, «cita diary target» fija un objetivo diario y «cita export» escribe sus alimentos, diario y objetivos en CSV.',
    chat: '«Pregunta a tu registro» responde preguntas sobre sus entradas, por ejemplo: «¿Qué cené ayer?» o «¿Cuánto sodio comí la semana pasada?»',
    not_eating:
      'Su diario guarda lo que comió, por día y comida, y sus nutrientes: nada sobre el sueño, el ánimo, los síntomas, el ejercicio, el dinero, los lugares, las personas ni la hora. Pregunte por lo que registró, por ejemplo: «¿Qué cené ayer?»',
  },
};

/**
 * The answer to a plan that cannot be answered from the diary, with no figures: a nutrient cita does not track
 * (and what it does track), a question it did not understand (with examples), a period that has not happened yet,
 * or a date that does not exist. Dates and phrases it repeats are in its context, so the grounding check holds.
 */
export function composeRefusal(plan: DiaryPlan, adjustments: readonly PlanAdjustment[], language: Language, today: string): Refusal {
  const es = language === 'es';
  switch (plan.refusal) {
    case 'untracked_nutrient': {
      const names = adjustments.flatMap((adjustment) => (adjustment.code === 'untracked_nutrient' ? adjustment.names : []));
      const context = [
        `# asked: ${names.join('; ')}`,
        '# tracked_nutrients',
        csvLine(['key', 'label_en', 'label_es', 'unit']),
        ...nutrients.map((nutrient) => csvLine([nutrient.key, nutrient.labels.en, nutrient.labels.es, nutrient.unit])),
      ].join('\n');
      return {
        answer: es
          ? `cita no registra ${listWords(names, 'es')}: su diario no tiene ese dato, así que no hay nada que mostrar. Registra ${trackedNutrientNames('es')}; pregunte por alguno de ellos.`
          : `cita does not track ${listWords(names, 'en')}: your diary holds no such figure, so there is nothing to show. It tracks ${trackedNutrientNames('en')}; ask about one of those.`,
        context,
      };
    }
    case 'not_understood': {
      const reason = adjustments.flatMap((adjustment) => (adjustment.code === 'not_understood' && adjustment.reason ? [adjustment.reason] : []))[0];
      if (reason) return { answer: scopeAnswers[language][reason], context: '' };
      return {
        answer: es
          ? `No entendí la pregunta como una pregunta sobre su diario de comidas. Pregunte por un nutriente, un periodo o una comida, por ejemplo: ${examples.es.map((example) => `«${example}»`).join(', ')}.`
          : `I did not understand that as a question about your food diary. Ask about a nutrient, a period or a meal, for example: ${examples.en.map((example) => `"${example}"`).join(', ')}.`,
        context: '',
      };
    }
    case 'future_period': {
      const period = plan.date_from === plan.date_to ? plan.date_from : es ? `del ${plan.date_from} al ${plan.date_to}` : `${plan.date_from} to ${plan.date_to}`;
      return {
        answer: es
          ? `El periodo pedido (${period}) todavía no ha llegado (hoy es ${today}): aquí se responde sobre días hasta hoy. Las entradas registradas por adelantado se ven en Diario.`
          : `The period asked for (${period}) has not happened yet (today is ${today}): Ask your log answers about days up to today. Entries logged ahead of time are in Diary.`,
        context: ['# period', csvLine(['date_from', 'date_to', 'today']), csvLine([plan.date_from, plan.date_to, today])].join('\n'),
      };
    }
    case 'invalid_date': {
      const dates = adjustments.flatMap((adjustment) => (adjustment.code === 'invalid_date' ? adjustment.dates : []));
      return {
        answer: es
          ? `${listWords(
              dates.map((date) => `«${date}»`),
              'es',
            )} no es una fecha que exista, así que no se consultó nada. Pregunte de nuevo con un día que exista o con un periodo como «la semana pasada».`
          : `${listWords(
              dates.map((date) => `"${date}"`),
              'en',
            )} is not a date that exists, so nothing was looked up. Ask again with a real day, or a period such as "last week".`,
        context: ['# invalid_dates', ...dates].join('\n'),
      };
    }
    default:
      return { answer: '', context: '' };
  }
}
