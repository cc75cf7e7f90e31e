import { describe, expect, it } from 'vitest';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { asksToGive, foodAsked, foodsAsked, saysNothingByMouth, speaksOfFood } from '../../../main/corpora/kb/food-questions.js';
import { prepareKbQuery } from '../../../main/corpora/kb/kb-query.js';

const lexicon = loadClinicalLexicon();
const kindsOf = (question: string) => foodsAsked(prepareKbQuery(question, lexicon)).map((kind) => kind.label);
const asked = (question: string) => foodAsked(prepareKbQuery(question, lexicon), lexicon);

describe('the food or drink a question asks about with a medicine', () => {
  it('reads foods named in English and in Spanish, with the medicines beside them', () => {
    expect(kindsOf('My Coumadin patient just started a big spinach-and-kale salad kick. Do I need to worry about his INR?')).toEqual(['leafy greens and vitamin K']);
    expect(kindsOf('Mi abuelita toma warfarina y le encantan las espinacas y los nopales.')).toEqual(['leafy greens and vitamin K']);
    expect(kindsOf('Does cutting back on coffee change lithium levels? Trying to give up my flat whites.')).toEqual(['coffee and caffeine']);
    expect(kindsOf('¿Me puedo tomar unas cervezas con el metotrexato?')).toEqual(['alcohol']);
    expect(kindsOf('Does a big greasy meal make Viagra kick in later?')).toEqual(['meals and an empty stomach']);
    expect(kindsOf('¿El Xarelto se toma con la comida o en ayunas?')).toEqual(['meals and an empty stomach']);
    expect(kindsOf('Me recetaron Viagra de 50. ¿Si ceno fuerte antes, la pastilla tarda más en hacer efecto?')).toEqual(['meals and an empty stomach']);
    expect(kindsOf('Does a heavy dinner slow down sildenafil?')).toEqual(['meals and an empty stomach']);
    expect(kindsOf('¿Se puede tomar jugo de toronja con la atorvastatina?')).toEqual(['grapefruit']);
    const spinach = asked('Can he keep eating spinach on Coumadin?');
    expect(spinach?.medicines.map((mention) => mention.canonical)).toEqual(['warfarin']);
  });

  it('does not read a food where the words mean something else, or where a meal only sets the scene', () => {
    // "vino con una receta" is "came with a prescription" (the glossary's English form reads "wine"): a Spanish
    // question is read as asked.
    expect(kindsOf('Una señora que toma simvastatina vino con una receta de itraconazol. ¿Qué le sugiero al médico?')).toEqual([]);
    // Vomit like coffee grounds is a sign of bleeding, not coffee.
    expect(kindsOf('On warfarin and vomited something like coffee grounds this morning, what now?')).toEqual([]);
    // A meal of the story is not asked about: "after lunch", "con el desayuno".
    expect(kindsOf('My dad on aspirin had his face droop for ten minutes after lunch. Does he still need to be seen?')).toEqual([]);
    expect(kindsOf('Se toma el metotrexato todas las mañanas con el desayuno. ¿Está bien así?')).toEqual([]);
    // "mi papá" is a father, not potatoes; "infusion" is a drip.
    expect(kindsOf('Mi papá toma litio, ¿le afecta el ibuprofeno?')).toEqual([]);
    expect(kindsOf('He is on an amiodarone infusion, is digoxin safe?')).toEqual([]);
    // "como fuerte" is "kind of strong", not "I eat heavily".
    expect(kindsOf('Con la warfarina sentí un dolor como fuerte en la rodilla, ¿qué hago?')).toEqual([]);
  });

  it('asks nothing of a question naming a food and no medicine', () => {
    expect(kindsOf('Which cheeses are high in tyramine?')).toEqual(['milk and dairy']);
    expect(asked('Which cheeses are high in tyramine?')).toBeNull();
    expect(asked('Is a banana a good snack?')).toBeNull();
  });

  it('finds a food of the kind asked on a card, not a word that only looks like one', () => {
    const greens = foodsAsked(prepareKbQuery('Spinach on warfarin?', lexicon));
    expect(speaksOfFood('Foods rich in vitamin K, such as leafy green vegetables, lower the INR.', greens)).toBe(true);
    expect(speaksOfFood('Signs of bleeding: bruising, nosebleeds, black stools.', greens)).toBe(false);
    const coffee = foodsAsked(prepareKbQuery('Is coffee a problem with warfarin?', lexicon));
    expect(speaksOfFood('Vomiting blood or material that looks like coffee grounds.', coffee)).toBe(false);
    expect(speaksOfFood('Soybean products, high-fiber meals and coffee taken with the dose can also lower absorption.', coffee)).toBe(true);
    // A card naming potassium salt substitutes says nothing of which fruits to cut; one naming the foods does.
    const fruits = foodsAsked(prepareKbQuery('Mi mamá toma losartán y le salió el potasio alto. ¿Qué frutas tiene que dejar? ¿el plátano, la palta?', lexicon));
    expect(fruits.map((kind) => kind.label)).toEqual(['potassium-rich food']);
    expect(speaksOfFood('Potassium supplements and potassium-chloride salt substitutes.', fruits)).toBe(false);
    expect(speaksOfFood('Limit foods high in potassium, such as bananas and avocados.', fruits)).toBe(true);
    const salt = foodsAsked(prepareKbQuery('Can he use a salt substitute with his lisinopril?', lexicon));
    expect(speaksOfFood('Potassium supplements and potassium-chloride salt substitutes.', salt)).toBe(true);
  });

  it('reads whether a question asks to give someone a food or drink, not when to take a medicine with food', () => {
    const giving = (question: string) => asksToGive(prepareKbQuery(question, lexicon));
    expect(giving('Mam wants to give him an aspirin and a cup of tea and ring the GP in the morning. Is that alright?')).toBe(true);
    expect(giving('Se le torció la boca 10 minutos, ya está bien. ¿Le doy una aspirina con agüita mientras?')).toBe(true);
    expect(giving('Can I take my aspirin with a cup of tea?')).toBe(false);
    // "Da igual" is "give same" word by word in the English form: a Spanish question is read as asked.
    expect(giving('A veces se toma el Xarelto en ayunas y a veces con la comida. ¿Da igual?')).toBe(false);
  });

  it('finds a card that says to give nothing by mouth, which answers whether to give any food or drink', () => {
    expect(saysNothingByMouth('- Do not give food, drink or medicines by mouth, because swallowing may be affected.')).toBe(true);
    expect(saysNothingByMouth('The person cannot safely swallow: do not give food or drink by mouth.')).toBe(true);
    expect(saysNothingByMouth('Keep the patient nil by mouth until reviewed.')).toBe(true);
    // Taking a medicine by mouth, or a full stop between the warning and the words, is not it.
    expect(saysNothingByMouth('Take one tablet by mouth with food.')).toBe(false);
    expect(saysNothingByMouth('Do not stop it suddenly. Take it by mouth every morning.')).toBe(false);
  });
});
