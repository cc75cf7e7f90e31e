import { describe, expect, it } from 'vitest';
import { needsDetail, nutrientsOf, planFromRules } from '../../../main/answer/rule-planner.js';

const today = '2026-07-02'; // a Thursday

function period(question: string, on = today): [unknown, unknown] {
  const plan = planFromRules(question, on);
  return [plan.date_from, plan.date_to];
}

describe('planFromRules: periods', () => {
  it('reads "the last two weeks" in English and Spanish', () => {
    expect(period('which foods gave me the most sodium in the last two weeks?')).toEqual(['2026-06-19', '2026-07-02']);
    expect(period('¿qué alimentos me aportaron más sodio en las últimas dos semanas?')).toEqual(['2026-06-19', '2026-07-02']);
  });

  it('reads counted days, weeks and months in digits and words', () => {
    expect(period('protein over the last 10 days')).toEqual(['2026-06-23', '2026-07-02']);
    expect(period('proteína en los últimos 10 días')).toEqual(['2026-06-23', '2026-07-02']);
    expect(period('past three weeks')).toEqual(['2026-06-12', '2026-07-02']);
    expect(period('últimos 2 meses')).toEqual(['2026-05-04', '2026-07-02']);
    expect(period('calories in the last couple of weeks')).toEqual(['2026-06-19', '2026-07-02']);
  });

  it('reads today, yesterday and the day before', () => {
    expect(period('how much sodium today?')).toEqual([today, today]);
    expect(period('¿cuánto sodio hoy?')).toEqual([today, today]);
    expect(period('what did I eat yesterday')).toEqual(['2026-07-01', '2026-07-01']);
    expect(period('¿qué comí ayer?')).toEqual(['2026-07-01', '2026-07-01']);
    expect(period('¿y anteayer?')).toEqual(['2026-06-30', '2026-06-30']);
  });

  it('reads this week and month, and the previous calendar week and month', () => {
    expect(period('fibre this week')).toEqual(['2026-06-29', today]);
    expect(period('fibra esta semana')).toEqual(['2026-06-29', today]);
    expect(period('protein this month')).toEqual(['2026-07-01', today]);
    expect(period('proteína este mes')).toEqual(['2026-07-01', today]);
    expect(period('sodium last week')).toEqual(['2026-06-22', '2026-06-28']);
    expect(period('sodio la semana pasada')).toEqual(['2026-06-22', '2026-06-28']);
    expect(period('sodium last month')).toEqual(['2026-06-01', '2026-06-30']);
    expect(period('sodio el mes pasado')).toEqual(['2026-06-01', '2026-06-30']);
    expect(period('sodio en la última semana')).toEqual(['2026-06-26', today]);
  });

  it('reads a month alone as its most recent occurrence that is not in the future', () => {
    expect(period('sodium in July')).toEqual(['2026-07-01', '2026-07-31']);
    expect(period('sodio en julio')).toEqual(['2026-07-01', '2026-07-31']);
    expect(period('sodium in August')).toEqual(['2025-08-01', '2025-08-31']);
    expect(period('fibra en marzo')).toEqual(['2026-03-01', '2026-03-31']);
    expect(period('calories in may')).toEqual(['2026-05-01', '2026-05-31']);
  });

  it('reads explicit days in ISO, Spanish and English', () => {
    expect(period('sodium on 2026-07-02')).toEqual(['2026-07-02', '2026-07-02']);
    expect(period('¿cuánto sodio el 2 de julio?')).toEqual(['2026-07-02', '2026-07-02']);
    expect(period('sodium on July 2')).toEqual(['2026-07-02', '2026-07-02']);
    expect(period('sodium on 2 July 2025')).toEqual(['2025-07-02', '2025-07-02']);
    expect(period('sodium on December 24')).toEqual(['2025-12-24', '2025-12-24']);
  });

  it('reads ranges of explicit days', () => {
    expect(period('from 2026-06-01 to 2026-06-15')).toEqual(['2026-06-01', '2026-06-15']);
    expect(period('del 1 al 5 de junio')).toEqual(['2026-06-01', '2026-06-05']);
    expect(period('June 1-5')).toEqual(['2026-06-01', '2026-06-05']);
    expect(period('entre el 3 de junio y el 10 de junio')).toEqual(['2026-06-03', '2026-06-10']);
    expect(period('since June 20')).toEqual(['2026-06-20', today]);
    expect(period('desde el 20 de junio')).toEqual(['2026-06-20', today]);
  });

  it('leaves the dates out when no period is named', () => {
    expect(planFromRules('which foods have the most sodium?', today)).not.toHaveProperty('date_from');
  });
});

describe('planFromRules: nutrients and detail', () => {
  it('finds registry nutrients by their synonyms in both languages, in the order named', () => {
    expect(nutrientsOf('sodium and potassium')).toEqual(['sodium', 'potassium']);
    expect(nutrientsOf('¿cuánta sal y azúcar?')).toEqual(['sodium', 'free_sugars']);
    expect(nutrientsOf('carbs, fat and calories')).toEqual(['carbohydrate', 'fat', 'energy_kcal']);
    expect(nutrientsOf('vitamina C y hierro')).toEqual(['vitamin_c', 'iron']);
    expect(nutrientsOf('how was my week?')).toEqual([]);
  });

  it('reads saturated fat by its synonyms in English and Spanish, never as fat, and fat beside it as fat', () => {
    for (const question of [
      'how much saturated fat did I eat this week?',
      'sat fat yesterday',
      'saturates last week',
      'saturated fats in November',
      '¿cuántas grasas saturadas comí ayer?',
      '¿cuánta grasa saturada comí ayer?',
      'ácidos grasos saturados este mes',
    ]) {
      expect(nutrientsOf(question), question).toEqual(['saturated_fat']);
    }
    expect(nutrientsOf('fat and saturated fat')).toEqual(['fat', 'saturated_fat']);
    expect(nutrientsOf('grasas saturadas y grasas totales')).toEqual(['saturated_fat', 'fat']);
    expect(nutrientsOf('unsaturated fat')).toEqual([]);
  });

  it('does not find a nutrient inside another word', () => {
    expect(nutrientsOf('I went out (salí) with fathers')).toEqual([]);
  });

  it('asks for detail when the question is about foods or contributions', () => {
    for (const question of [
      'which foods gave me the most sodium?',
      'what gave me so much salt?',
      'what did I eat yesterday?',
      '¿qué alimentos me aportaron más sodio?',
      '¿qué me aportó tanta sal?',
      '¿de dónde viene el sodio?',
    ]) {
      expect(needsDetail(question), question).toBe(true);
    }
    for (const question of ['how much protein last week?', '¿cuánta proteína comí la semana pasada?', 'average calories this month']) {
      expect(needsDetail(question), question).toBe(false);
    }
  });
});

describe('planFromRules: what else the question asks', () => {
  const on = '2026-12-01';

  it('reads meals in English and Spanish, in the diary order', () => {
    expect(planFromRules('what did I eat for dinner yesterday?', on).meals).toEqual(['dinner']);
    expect(planFromRules('¿qué desayuné hoy?', on).meals).toEqual(['breakfast']);
    expect(planFromRules('¿cuánto sodio tuvo mi merienda esta semana?', on).meals).toEqual(['snack']);
    expect(planFromRules('¿cuánta sal tuvieron mis almuerzos?', on).meals).toEqual(['lunch']);
    expect(planFromRules('carbs for lunch and breakfast today', on).meals).toEqual(['breakfast', 'lunch']);
  });

  it('reads "comida" as lunch only when it names a meal', () => {
    expect(planFromRules('¿qué comí en la comida del sábado?', on).meals).toEqual(['lunch']);
    expect(planFromRules('¿qué comida me dio más sodio?', on).meals).toEqual([]);
  });

  it('reads colloquial Spanish eating verbs ("me zampé") as eating', () => {
    expect(planFromRules('¿qué me zampé ayer?', on)).toMatchObject({ date_from: '2026-11-30', list_entries: true, understood: true });
    expect(planFromRules('¿cuánto arroz me zampé la semana pasada?', on)).toMatchObject({ date_from: '2026-11-23', foods: ['arroz'], understood: true });
  });

  it('reads "last night" and "anoche" as yesterday\'s dinner', () => {
    expect(planFromRules('what did I eat last night?', on)).toMatchObject({ date_from: '2026-11-30', date_to: '2026-11-30', meals: ['dinner'] });
    expect(planFromRules('¿qué comí anoche?', on)).toMatchObject({ date_from: '2026-11-30', meals: ['dinner'] });
  });

  it('plans a comparison of two periods, the first named first', () => {
    expect(planFromRules('compare my sodium this week with last week', on)).toMatchObject({
      date_from: '2026-11-30',
      date_to: on,
      compare_from: '2026-11-23',
      compare_to: '2026-11-29',
      nutrients: ['sodium'],
    });
    expect(planFromRules('¿comí más grasa en octubre o en noviembre?', on)).toMatchObject({ date_from: '2026-10-01', compare_from: '2026-11-01', compare_to: '2026-11-30' });
  });

  it('reports a third period as left out', () => {
    expect(planFromRules('sodium in September, October and November', on).ignored_periods).toEqual(['November']);
  });

  it('asks for every entry for "what did I eat", and not for a ranking', () => {
    expect(planFromRules('What did I eat on November 14?', on)).toMatchObject({ list_entries: true, need_detail: true });
    expect(planFromRules('¿qué comí el 14 de noviembre?', on).list_entries).toBe(true);
    expect(planFromRules('what did I eat with the most sodium last week?', on)).toMatchObject({ list_entries: false, need_detail: true });
    expect(planFromRules('which foods gave me the most sodium?', on).list_entries).toBe(false);
  });

  it('names the nutrients cita does not track, and does not read "trans fat" as fat', () => {
    expect(planFromRules('how much vitamin K did I get last week?', on)).toMatchObject({ nutrients: [], untracked: ['vitamin K'] });
    expect(planFromRules('how much trans fat did I eat?', on)).toMatchObject({ nutrients: [], untracked: ['trans fat'] });
    expect(planFromRules('polyunsaturated fat yesterday', on)).toMatchObject({ nutrients: [], untracked: ['polyunsaturated fat'] });
    expect(planFromRules('¿cuál es mi azúcar en sangre?', on)).toMatchObject({ nutrients: [], untracked: ['azúcar en sangre'] });
    expect(planFromRules('vitamin K and sodium last week', on)).toMatchObject({ nutrients: ['sodium'], untracked: ['vitamin K'] });
  });

  it('marks a question with no nutrition intent as not understood', () => {
    for (const question of ['asdf qwer', 'who won the game yesterday?', '¿quién ganó el partido ayer?', 'hola']) {
      expect(planFromRules(question, on).understood, question).toBe(false);
    }
  });

  it('carries the reason a question is out of the log, and none for a question about it', () => {
    expect(planFromRules('how many calories are in a banana?', on)).toMatchObject({ out_of_scope: 'food_fact', understood: true });
    expect(planFromRules('how many calories did I have yesterday?', on)).not.toHaveProperty('out_of_scope');
  });

  it('reads the eating slang and meals of blind users: "morfé", "a la noche", "me he metido", "scoff", "salada"', () => {
    expect(planFromRules('che que morfé el sábado a la noche', on)).toMatchObject({ meals: ['dinner'], list_entries: true, understood: true });
    expect(planFromRules('che que morfé el sábado a la mañana', on)).toMatchObject({ meals: ['breakfast'], list_entries: true });
    expect(planFromRules('cuánto jamón serrano me he metido la semana pasada', on)).toMatchObject({ foods: ['jamon serrano'], understood: true });
    expect(planFromRules('wot did i scoff at the weekend', on)).toMatchObject({ list_entries: true, understood: true });
    expect(planFromRules('la comida del sábado fue muy salada?', on)).toMatchObject({ meals: ['lunch'], nutrients: ['sodium'] });
    expect(planFromRules('¿qué comida del sábado fue muy salada?', on)).toMatchObject({ meals: [], nutrients: ['sodium'] });
    expect(planFromRules('el almuerzo del jueves estuvo muy grasoso?', on)).toMatchObject({ meals: ['lunch'], nutrients: ['fat'] });
    expect(planFromRules('cómo tuve la presión la semana pasada', on)).toMatchObject({ nutrients: [], untracked: ['presión'] });
    expect(planFromRules('how much cheddar did i go through last week', on)).toMatchObject({ foods: ['cheddar'], understood: true });
    expect(planFromRules('did i have any diet coke this week', on)).toMatchObject({ foods: ['diet coke'] });
    expect(planFromRules('did i stick to a balanced diet this week', on)).not.toHaveProperty('foods');
    expect(planFromRules('how many units of alcohol did i have on saturday', on)).toMatchObject({ untracked: ['alcohol'] });
    expect(planFromRules('ayer me dio un calambre, comí suficiente potasio?', on)).toMatchObject({ nutrients: ['potassium'] });
  });

  it('understands a question that is only a period as asking about the log of that period', () => {
    for (const question of ['since Monday', 'fin de semana pasado', 'next week', 'last week please']) {
      expect(planFromRules(question, on).understood, question).toBe(true);
    }
  });

  it('understands eating words, meals and summaries without a nutrient', () => {
    for (const question of ['how did I eat last week?', 'dame un resumen de la semana pasada', 'breakfast today', 'what did I snack on since Friday?']) {
      expect(planFromRules(question, on).understood, question).toBe(true);
    }
  });

  it('passes dates that do not exist on as invalid, never as another period', () => {
    const plan = planFromRules('grasa el 31 de febrero', on);
    expect(plan.invalid_dates).toEqual(['31 de febrero']);
    expect(plan).not.toHaveProperty('date_from');
  });
});
