import { describe, expect, it } from 'vitest';
import { foldedQuestion } from '../../../main/answer/question-intent.js';
import { outOfScope } from '../../../main/answer/question-scope.js';
import { planFromRules } from '../../../main/answer/rule-planner.js';

/** The reason the rule planner gives a question, as "Ask your log" reads it (null: a question about the log). */
function reason(question: string): unknown {
  return planFromRules(question, '2026-12-01').out_of_scope ?? null;
}

describe('outOfScope: what the log cannot answer though it uses its words', () => {
  it('reads a request for advice, and not a question about what was eaten', () => {
    expect(reason('what should I eat for dinner tonight?')).toBe('advice');
    expect(reason('what did I eat for dinner tonight?')).toBeNull();
    expect(reason('¿me puedes recomendar una cena ligera?')).toBe('advice');
    expect(reason('¿me puedes decir qué cené ayer?')).toBeNull();
    expect(reason('q ceno hoy? dame ideas')).toBe('advice');
    expect(reason('q cene ayer?')).toBeNull();
    expect(reason('hazme un menu para la semana que viene')).toBe('advice');
    expect(reason('is it ok to have a protein shake after lunch every day')).toBe('advice');
  });

  it('answers advice asked beside the user own past eating, and an amount the target gives', () => {
    expect(reason('should I cut down on salt?')).toBe('advice');
    expect(reason('should I cut down on salt? I had loads last week')).toBeNull();
    expect(reason('should I eat more protein?')).toBe('advice');
    expect(reason('how much protein should I eat?')).toBeNull();
    expect(reason('¿debería comer menos azúcar?')).toBe('advice');
    expect(reason('¿cuánta azúcar debería comer al día?')).toBeNull();
  });

  it('reads what a food contains in general, and not the same of a food the user ate', () => {
    expect(reason('how many calories are in a banana?')).toBe('food_fact');
    expect(reason('how many calories were in the banana I had yesterday?')).toBeNull();
    expect(reason('how many calories does a slice of pizza have')).toBe('food_fact');
    expect(reason('how many calories did the slice of pizza I had on Saturday have')).toBeNull();
    expect(reason('cuantas proteinas tiene un huevo cocido')).toBe('food_fact');
    expect(reason('cuantas proteinas tenia el huevo que me comi ayer')).toBeNull();
  });

  it("reads someone else's eating, and not the user's eating with someone", () => {
    expect(reason('what did my husband eat yesterday?')).toBe('someone_else');
    expect(reason('what did I eat with my husband yesterday?')).toBeNull();
    expect(reason('q comio mi pareja ayer en la cena')).toBe('someone_else');
    expect(reason('q comi con mi pareja ayer en la cena')).toBeNull();
    expect(reason('my daughter had pasta for dinner yesterday, how many calories was that')).toBe('someone_else');
    expect(reason('I had pasta with my daughter for dinner yesterday, how many calories was that')).toBeNull();
    expect(reason('how much protein should my dog be getting a day')).toBe('someone_else');
  });

  it('reads what is not eating when nothing of intake is named, and keeps eating beside it', () => {
    expect(reason('did I sleep well last night')).toBe('not_eating');
    expect(reason('did I eat well last night')).toBeNull();
    expect(reason('a q hora es la cena de empresa el viernes?')).toBe('not_eating');
    expect(reason('q cene el viernes en la cena de empresa?')).toBeNull();
    expect(reason('how did I feel on Sunday')).toBe('not_eating');
    expect(reason('how did I feel after lunch on Sunday')).toBeNull();
    expect(reason('me duele la panza desde la cena de ayer')).toBe('not_eating');
    expect(reason('¿qué comí en el trabajo ayer?')).toBeNull();
  });

  it('reads a request for suggestions as advice even beside the user own eating, and a verdict asked beside it as a log question', () => {
    expect(reason('que ejercicio me recomiendas pa quemar lo q cené ayer')).toBe('advice');
    expect(reason('que cené ayer')).toBeNull();
    expect(reason('whats a good high protein snack to take to the office')).toBe('advice');
    expect(reason('what was my best high protein snack last week')).toBeNull();
    expect(reason('che alguna parrilla buena en palermo pa la cena del sabado?')).toBe('advice');
    expect(reason('¿algún día bueno de sodio este mes?')).toBeNull();
    expect(reason('¿se puede tomar el omeprazol con el desayuno o mejor en ayunas?')).toBe('advice');
    expect(reason('¿qué tomé en el desayuno el lunes?')).toBeNull();
    expect(reason('duermo fatal cuando ceno tarde, qué hago?')).toBe('advice');
  });

  it('reads a comparison of two foods in general, and not one of the user own eating', () => {
    expect(reason('which has more protein, greek yoghurt or cottage cheese')).toBe('food_fact');
    expect(reason('which had more protein last week, my breakfasts or my lunches')).toBeNull();
    expect(reason('¿qué tiene más hierro, las lentejas o la espinaca?')).toBe('food_fact');
  });

  it('reads he, she and a family member or pet as someone else eating', () => {
    expect(reason('my son only wants toast for breakfast this week, is he getting enough iron')).toBe('someone_else');
    expect(reason('I only want toast for breakfast this week, am I getting enough iron')).toBeNull();
    expect(reason('mi perrito se comió un pedazo de chocolate de mi merienda, es peligroso??')).toBe('someone_else');
  });

  it('reads how to use the app, and thanks with nothing asked', () => {
    expect(reason('how do i delete an entry i put in twice for lunch yesterday')).toBe('app_use');
    expect(reason('what did i have twice for lunch yesterday')).toBeNull();
    expect(reason('cómo exporto mi diario a excel pa llevárselo a la nutri')).toBe('app_use');
    expect(reason('wena, gracias po, me sirvió caleta lo de las calorías de ayer')).toBe('chat');
    expect(reason('gracias! ¿y las calorías de ayer?')).toBeNull();
    expect(reason('thanks, how much sodium did I have yesterday')).toBeNull();
  });

  it('answers a meal, a food or eating beside work, the gym, a run, a shop or a feeling (review)', () => {
    for (const question of [
      'What was lunch at work yesterday?',
      'Lunch break snacks on Tuesday?',
      'Post-gym meal on Monday?',
      'Dinner after my run on Saturday?',
      'Did breakfast feel big on Sunday? show me',
      '¿La cena del sábado fue súper pesada?',
      '¿Cómo fueron mis almuerzos del trabajo esta semana?',
      'Anything I bought at the bakery in my log this week?',
      'Pain au chocolat this week? how many did I eat',
    ]) {
      expect(reason(question), question).toBeNull();
    }
    expect(reason('did I make it to the gym on monday')).toBe('not_eating');
  });

  it('reads a day, a meal or a period as the log, not a food contents (review)', () => {
    for (const question of [
      'Most calories in a single day this year?',
      'Highest sodium in one day lately?',
      'Calories in an average day recently?',
      'how many carbs in one of those bagels from last night',
      'How much protein has been logged so far?',
      'How much sodium does last night’s dinner have?',
      '¿El desayuno de esta mañana tiene mucha azúcar?',
      'Does the log have any entries from last night?',
    ]) {
      expect(reason(question), question).toBeNull();
    }
    expect(reason('How much protein is in eggs?')).toBe('food_fact');
    expect(reason('How many calories in 100g of oats?')).toBe('food_fact');
    expect(reason('¿Qué alimentos tienen más hierro?')).toBe('food_fact');
  });

  it('answers the user own eating at someone else’s, and reads someone else’s in any order or apostrophe (review)', () => {
    expect(reason('What did I eat at the party my friend had on Saturday?')).toBeNull();
    expect(reason('What did I eat at my mum’s dinner on Sunday?')).toBeNull();
    expect(reason('¿Qué comí en la cena de mi suegra?')).toBeNull();
    expect(reason('¿Qué tal la cena con mi marido el viernes?')).toBeNull();
    expect(reason('¿Qué cenó ayer mi mujer?')).toBe('someone_else');
    expect(reason('What does my son usually eat for breakfast?')).toBe('someone_else');
    expect(reason('what’s my husband’s protein been like this week?')).toBe('someone_else');
    expect(reason('What did you eat today?')).toBe('chat');
  });

  it('answers a verdict on the user own log, and a recommendation or recipe that is the user’s (review)', () => {
    for (const question of [
      'Am I meeting the recommendations for fibre this month?',
      'Show me the entries for my lasagna recipe',
      'What could I have eaten yesterday that had so much salt?',
      'Not sure what to make of my sugar numbers last week',
      'any idea how much cheese I got through in November?',
      'Is my diet healthy this week?',
      'Give me a diet breakdown for last week',
      'should I cut down on salt? I’ve had loads this week',
    ]) {
      expect(reason(question), question).toBeNull();
    }
    expect(reason('should I cut down on salt?')).toBe('advice');
    expect(reason('Are eggs ok to eat every day?')).toBe('advice');
  });

  it('answers questions of the log beside thanks, a verdict, a feeling, a recipe or company (second review)', () => {
    for (const question of [
      'thanks! now sodium for last week',
      'gracias!! y las proteínas de hoy',
      '¿Cómo cambió mi consumo de azúcar este mes?',
      'can you send me my protein for last week?',
      '¿cuál fue la mejor cena de la semana en proteína?',
      'esta semana tuve que comer fuera casi todos los días, ¿cuántas calorías?',
      '¿cuántas calorías tienen las cenas que hago?',
      'how did I do this week? work was mad',
      'dame el resumen de la semana porfa, que con el trabajo no me he fijado',
      '¿La cena del sábado fue súper pesada?',
      "Friday's dinner made me sick, what was in it?",
      'been stressed, how many biscuits this week',
      'sick of salad lol, how many salads this week?',
      'where did I go over on calories last week?',
      'how many calories did I eat yesterday? need to burn them off',
      '¿cuántas calorías tuvo el desayuno con mi hermana el sábado?',
      'those bagels on sunday, did they have much sodium?',
      'my partner wants to know my sugar this week',
      'the dog ate half my lunch on friday, how many calories was my lunch?',
      'any ideas what I ate on the 3rd?',
      'how much protein was in the recipe I logged on sunday?',
      'how many calories in a typical weekday for me?',
      'which has more sugar, my coffee or my tea?',
      'is what I eat healthy?',
      'how many calories am I allowed today?',
    ]) {
      expect(reason(question), question).toBeNull();
    }
  });

  it('still refuses the same words without the log (second review)', () => {
    expect(reason('wena, gracias po, me sirvió caleta lo de las calorías de ayer')).toBe('chat');
    expect(reason('¿cómo cambio mi meta de proteína?')).toBe('app_use');
    expect(reason('add 2 eggs to breakfast')).toBe('app_use');
    expect(reason('borra la cena de ayer')).toBe('app_use');
    expect(reason('¿cuál es la mejor manera de bajar el azúcar?')).toBe('advice');
    expect(reason('no sé qué cenar, ¿qué me recomiendas?')).toBe('advice');
    expect(reason('duermo fatal cuando ceno tarde, qué hago?')).toBe('advice');
    expect(reason('did I sleep badly after dinner on Friday?')).toBe('not_eating');
    expect(reason('how many calories did I burn at the gym yesterday?')).toBe('not_eating');
    expect(reason('mi perrito se comió un pedazo de chocolate de mi merienda, es peligroso??')).toBe('someone_else');
    expect(reason('hazme un menú para la próxima semana con poquita azúcar porfa')).toBe('advice');
    expect(reason('which has more sugar, granola or muesli?')).toBe('food_fact');
    // blind set 5, after its first run
    expect(reason('puedo comer jamon si estoy embarazada')).toBe('advice');
    expect(reason('¿puedo ver lo que comí ayer?')).toBeNull();
    expect(reason('how do i change my calorie goal in the settings')).toBe('app_use');
    expect(reason('how much did i spend on takeaways last month')).toBe('not_eating');
    expect(reason('how many takeaways did i have last month')).toBeNull();
  });

  it('refuses the clock, the place and the company of a meal, which the diary does not hold', () => {
    expect(reason('What time did I have lunch on Friday?')).toBe('not_eating');
    expect(reason('¿Dónde almorcé el lunes?')).toBe('not_eating');
    expect(reason('¿Con quién cené el sábado?')).toBe('not_eating');
    expect(reason('What did I have for lunch on Friday?')).toBeNull();
  });

  it('gives the words that showed it', () => {
    const nothing = { tracked: false, untracked: false, foods: false, meals: false, list: false, period: false, pastPeriod: false };
    expect(outOfScope('any recipes for a high fibre breakfast?', { ...nothing, tracked: true, meals: true })).toEqual({ reason: 'advice', words: 'recipes' });
    expect(outOfScope('sodium last week', { ...nothing, tracked: true, period: true, pastPeriod: true })).toBeNull();
  });
});

describe('foldedQuestion: texted words written out', () => {
  it('reads "q", "k", "xq" and "wot" as the words they stand for, not inside other words', () => {
    expect(foldedQuestion('k almorcé el jueves?').trim()).toBe('que almorce el jueves');
    expect(foldedQuestion('xq comi tanto').trim()).toBe('porque comi tanto');
    expect(foldedQuestion('wot did i scoff').trim()).toBe('what did i scoff');
    expect(foldedQuestion('kiwi y queso, q rico').trim()).toBe('kiwi y queso que rico');
    expect(foldedQuestion('¿qué alimentos con vitamina k comí?').trim()).toBe('que alimentos con vitamina k comi');
    expect(foldedQuestion('I’ve had loads').trim()).toBe("i've had loads");
  });
});
