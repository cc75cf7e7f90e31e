import { describe, expect, it } from 'vitest';
import { foodPhrases } from '../../../main/answer/food-phrases.js';
import { namedNutrients } from '../../../main/answer/nutrient-phrases.js';
import { planFromRules } from '../../../main/answer/rule-planner.js';
import { readPeriods } from '../../../main/answer/period-phrases.js';

const today = '2026-12-01';

/** The food phrases of a question, its periods blanked as the rule planner blanks them. */
function foods(question: string): string[] {
  const { periods, invalid } = readPeriods(question, today, false);
  return foodPhrases(question, [...periods, ...invalid]);
}

describe('foodPhrases: the foods a diary question names', () => {
  it('reads the food after "how much/many" and before the eating verb, in English and Spanish', () => {
    expect(foods('how many eggs did I eat last week?')).toEqual(['eggs']);
    expect(foods('How much milk did I drink this week?')).toEqual(['milk']);
    expect(foods('how many almonds did I snack on this month')).toEqual(['almonds']);
    expect(foods('¿Cuánto queso comí esta semana?')).toEqual(['queso']);
    expect(foods('¿cuántas tortillas me comí ayer?')).toEqual(['tortillas']);
    expect(foods('¿cuánto arroz me zampé la semana pasada?')).toEqual(['arroz']);
    expect(foods('¿me zampé algún donut ayer?')).toEqual(['donut']);
    expect(foods('¿cuánto café con leche me he tomado este mes?')).toEqual(['cafe con leche']);
  });

  it('reads the food after "did I eat / have", "comí", "was there", "intake" and "consumo de"', () => {
    expect(foods('did I have any chicken yesterday')).toEqual(['chicken']);
    expect(foods('did we have pizza on friday')).toEqual(['pizza']);
    expect(foods('was there cheese in my lunch yesterday?')).toEqual(['cheese']);
    expect(foods('what was my pizza intake last month')).toEqual(['pizza']);
    expect(foods('¿comí huevos ayer?')).toEqual(['huevos']);
    expect(foods('¿Cuánto comí de pan integral esta semana?')).toEqual(['pan integral']);
    expect(foods('¿cómo va mi consumo de refresco este mes?')).toEqual(['refresco']);
    expect(foods('¿me pasé de chocolate este fin de semana?')).toEqual(['chocolate']);
    expect(foods('when did I last eat paneer')).toEqual(['paneer']);
    expect(foods('how much sodium did the salsa picante give me this month')).toEqual(['salsa picante']);
    expect(foods('show me my chicken entries this week')).toEqual(['chicken']);
    expect(foods('muéstrame mis entradas de pollo')).toEqual(['pollo']);
  });

  it('reads a question that opens with the food', () => {
    expect(foods('any cheddar in my dinner last night?')).toEqual(['cheddar']);
    expect(foods('Nutella — how much this month?')).toEqual(['nutella']);
    expect(foods('¿mucho pan esta semana?')).toEqual(['pan']);
    expect(foods('¿el jamón serrano de la cena tenía mucha sal?')).toEqual(['jamon serrano']);
    expect(foods('¿qué tanto aguacate comí el mes pasado?')).toEqual(['aguacate']);
    expect(foods('¿cuántas tortillas de maíz me comí el sábado?')).toEqual(['tortillas de maiz']);
    expect(foods('¿el pan integral de ayer tenía mucho sodio?')).toEqual(['pan integral']);
    expect(foods('how much sodium today?')).toEqual([]);
    expect(foods('sodium: how much last week')).toEqual([]);
    expect(foods('total greek yogurt last week vs the week before')).toEqual(['greek yogurt']);
    expect(foods('total de pan este mes')).toEqual(['pan']);
    expect(foods('total calories last week')).toEqual([]);
    for (const question of [
      'total intake last week',
      'total eaten this week',
      'total macros yesterday',
      'total nutrients last week',
      'total de ingesta esta semana',
      'total diario de la semana pasada',
    ]) {
      expect(foods(question), question).toEqual([]);
    }
  });

  it('reads a question that opens with the eating, and ends the food at "through", "lately", "was" and "tenía"', () => {
    expect(foods('ate way too many crisps in november didnt i')).toEqual(['crisps']);
    expect(foods('how much cheese did i get through last week')).toEqual(['cheese']);
    expect(foods('am i eating enough fibre lately')).toEqual([]);
    expect(foods('am i eating enough cheese lately')).toEqual(['cheese']);
    expect(foods('how many calories was the nutella i had yesterday')).toEqual(['nutella']);
    expect(foods('¿cuántas calorías tenía la pizza que me comí ayer?')).toEqual(['pizza']);
  });

  it('reads no food in a form of address, a unit of a measure, a takeaway or an eating verb (blind set 4)', () => {
    expect(foods('chamo cuantas arepas me jarté la semana pasada')).toEqual(['arepas']);
    expect(foods('how many units of alcohol did i have at the work do on saturday')).toEqual([]);
    expect(foods('had a chinese takeaway for dinner last tuesday how much fat was in it')).toEqual([]);
    expect(foods('estuve con gripe todo el finde y casi no comí, q comí al final')).toEqual([]);
    expect(foods('did i go mad on the crisps at the party on saturday')).toEqual(['crisps']);
    expect(foods('¿tomé más mate esta semana que la pasada?')).toEqual(['mate']);
    expect(foods('howya cita, how many calories did i have yesterday')).toEqual([]);
    expect(foods('Nutella — how much this month?')).toEqual(['nutella']);
    expect(foods('had a bday party saturday and went hard lol. how many cals did i have on saturday')).toEqual([]);
    expect(foods('wey vengo del gym reventado, cuantos carbohidratos llevo hoy')).toEqual([]);
  });

  it('splits "x and y" and "x o y" into two foods, at most three', () => {
    expect(foods('did I eat rice and dal yesterday')).toEqual(['rice', 'dal']);
    expect(foods('¿comimos lentejas o garbanzos en noviembre?')).toEqual(['lentejas', 'garbanzos']);
    expect(foods('¿cuánto arroz y cuánto pan comí hoy?')).toEqual(['arroz', 'pan']);
    expect(foods('did I eat rice, dal, eggs and bread today')).toHaveLength(3);
  });

  it('reads where a named nutrient came from', () => {
    expect(foods('how much protein did I get from eggs this week')).toEqual(['eggs']);
    expect(foods('calories from the bagels and cream cheese this week')).toEqual(['bagels', 'cream cheese']);
    expect(foods('proteína del pollo que cené anoche')).toEqual(['pollo']);
    expect(foods('¿cuánto sodio tenía el pan Bimbo del desayuno de hoy?')).toEqual(['pan bimbo']);
  });

  it('finds no food in questions about nutrients, meals, periods, lists or how one ate', () => {
    for (const question of [
      'what did I eat yesterday',
      'how much protein did I have yesterday',
      'what did I eat with the most sodium',
      'which foods gave me the most sodium in the last two weeks?',
      '¿qué alimentos me aportaron más sodio en las últimas dos semanas?',
      'How much fat did I eat between November 20 and December 10?',
      'did I eat more than last week',
      'what was my daily intake last week',
      'how much did I eat yesterday',
      '¿qué comí el lunes?',
      'did I eat well this week',
      'did I eat better this week than last week',
      'did I eat worse yesterday',
      'did I eat healthier this week',
      '¿comí mejor esta semana que la pasada?',
      '¿comí peor ayer?',
      '¿comí más sano este mes?',
      'did I eat late last night',
      'what did I have for breakfast',
      '¿comí bien ayer?',
      '¿cuánto comí ayer?',
      'my calorie intake this week',
      'did my breakfast have enough protein',
      'list my entries for yesterday',
      'show me all entries this week',
      'was there a day I went over my sodium target last week',
      'were there any days over 2000 calories',
      'how many days did I eat breakfast',
      '¿hubo algún día que me pasé de sodio?',
      '¿hay días en que no desayuné?',
      '¿cuál fue el promedio de calorías del mes?',
      '¿cuánta proteína comí a lo largo del mes?',
      'did I eat under my target yesterday',
      'did I have a balanced diet this week',
      'did I eat the same as last week',
      '¿comí lo mismo que ayer?',
      '¿cené tarde ayer?',
      '¿comí a mis horas?',
      'how many calories came from my biggest meal',
      'is there anything high in sodium I ate',
      'how much saturated fat did I eat',
    ])
      expect(foods(question), question).toEqual([]);
  });

  it('reads the food, not its unit: "grams of dal", "gramos de queso"', () => {
    expect(foods('how many grams of dal did I eat last week')).toEqual(['dal']);
    expect(foods('¿cuántos gramos de queso comí?')).toEqual(['queso']);
    expect(foods('how many cups of rice did I have today')).toEqual(['rice']);
  });

  it('keeps a food whose name holds a nutrient word, and the nutrient reader then leaves it alone', () => {
    expect(foods('how much coconut water did I drink last week')).toEqual(['coconut water']);
    expect(foods('how many protein bars did I eat')).toEqual(['protein bars']);
    expect(planFromRules('how much coconut water did I drink last week', today)).toMatchObject({ foods: ['coconut water'], untracked: [], nutrients: [] });
    expect(planFromRules('did I drink enough water', today)).toMatchObject({ untracked: ['water'] });
  });

  it('leaves nutrients cita does not track to the nutrient reader', () => {
    expect(foods('did I eat enough vitamin Q yesterday?')).toEqual([]);
    expect(foods('how much water did I drink')).toEqual([]);
    expect(foods('¿tomé suficiente agua hoy?')).toEqual([]);
  });
});

describe('namedNutrients: vitamins by letter', () => {
  it('names any vitamin but C as untracked, as written, and keeps vitamin C tracked', () => {
    expect(namedNutrients('did I eat enough vitamin Q yesterday?')).toMatchObject({ tracked: [], untracked: ['vitamin Q'] });
    expect(namedNutrients('¿cuánta vitamina X comí?')).toMatchObject({ tracked: [], untracked: ['vitamina X'] });
    expect(namedNutrients('vit. b7 this week')).toMatchObject({ tracked: [], untracked: ['vit. b7'] });
    expect(namedNutrients('how much vitamin c and vitamin Q yesterday')).toMatchObject({ tracked: ['vitamin_c'], untracked: ['vitamin Q'] });
    expect(namedNutrients('vitamina c de ayer')).toMatchObject({ tracked: ['vitamin_c'], untracked: [] });
    expect(namedNutrients('vit c')).toMatchObject({ tracked: ['vitamin_c'], untracked: [] });
  });

  it('does not read a word that merely starts with "vitamin" as a vitamin letter', () => {
    expect(namedNutrients('vitaminas').untracked).toEqual(['vitaminas']);
    expect(namedNutrients('vitamina c').untracked).toEqual([]);
  });
});
