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
    expect(reason('how did I feel after lunch on Sunday')).toBe('not_eating');
    expect(reason('how much sodium did I have at lunch on Sunday')).toBeNull();
    expect(reason('me duele la panza desde la cena de ayer')).toBe('not_eating');
    expect(reason('¿qué comí en el trabajo ayer?')).toBeNull();
  });

  it('gives the words that showed it', () => {
    expect(outOfScope('any recipes for a high fibre breakfast?', { nutrient: true, intake: true })).toEqual({ reason: 'advice', words: 'recipes' });
    expect(outOfScope('sodium last week', { nutrient: true, intake: true })).toBeNull();
  });
});

describe('foldedQuestion: texted words written out', () => {
  it('reads "q", "k", "xq" and "wot" as the words they stand for, not inside other words', () => {
    expect(foldedQuestion('k almorcé el jueves?').trim()).toBe('que almorce el jueves');
    expect(foldedQuestion('xq comi tanto').trim()).toBe('porque comi tanto');
    expect(foldedQuestion('wot did i scoff').trim()).toBe('what did i scoff');
    expect(foldedQuestion('kiwi y queso, q rico').trim()).toBe('kiwi y queso que rico');
  });
});
