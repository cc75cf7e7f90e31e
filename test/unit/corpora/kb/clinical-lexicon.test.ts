import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClinicalLexiconError, loadClinicalLexicon, spanishVariants } from '../../../../main/corpora/kb/clinical-lexicon.js';
import { packageRoot } from '../../../../main/paths.js';
import { useTempDirs } from '../../../helpers/temp.js';
import { longClinicalQuestion } from '../../../../main/bench/keyword-bench.js';

const lexicon = loadClinicalLexicon();

/** canonical names found in a text, in order */
const canonicalsIn = (text: string) => lexicon.find(text).map((mention) => mention.canonical);

const tempDir = useTempDirs();

/** A package root holding a lexicon made of the given entries. */
function lexiconRoot(medicines: unknown, conditions: unknown = []): string {
  const root = tempDir();
  mkdirSync(join(root, 'kb', 'lexicon'), { recursive: true });
  writeFileSync(join(root, 'kb', 'lexicon', 'medicines.json'), JSON.stringify(medicines));
  writeFileSync(join(root, 'kb', 'lexicon', 'conditions.json'), JSON.stringify(conditions));
  return root;
}

function loadProblem(root: string): string {
  try {
    loadClinicalLexicon(root);
  } catch (error) {
    expect(error).toBeInstanceOf(ClinicalLexiconError);
    return (error as Error).message;
  }
  throw new Error('the lexicon was accepted');
}

const warfarin = { name: 'warfarin', kind: 'drug', aliases: ['Coumadin'], es: ['warfarina'] };
const naproxen = { name: 'naproxen', kind: 'drug', aliases: ['Aleve'], es: [] };

describe('the shipped lexicon', () => {
  const shipped = (file: string) => JSON.parse(readFileSync(join(packageRoot(), 'kb', 'lexicon', file), 'utf8')) as Array<Record<string, unknown>>;
  const medicines = shipped('medicines.json');
  const isBrand = (term: string) => /^\p{Lu}/u.test(term) && /\p{Ll}/u.test(term);

  it('holds at least 450 drugs, 40 classes with members and 250 conditions', () => {
    expect(medicines.filter((entry) => entry.kind === 'drug').length).toBeGreaterThanOrEqual(450);
    expect(medicines.filter((entry) => entry.kind === 'class' && (entry.members as string[]).length > 0).length).toBeGreaterThanOrEqual(40);
    expect(shipped('conditions.json').length).toBeGreaterThanOrEqual(250);
  });

  it('maps at least 250 brand names to generics', () => {
    const brands = medicines.flatMap((entry) => [...(entry.aliases as string[]), ...(entry.es as string[])]).filter(isBrand);
    expect(new Set(brands).size).toBeGreaterThanOrEqual(250);
  });

  it('recognises medicines and conditions that no card covers', () => {
    expect(canonicalsIn('Can I take amoxicillin or isotretinoin if I had Lyme disease?')).toEqual(['amoxicillin', 'isotretinoin', 'lyme disease']);
  });

  it('relates the signs of bleeding to bleeding, both ways and across levels, and nothing to an unrelated effect', () => {
    expect(lexicon.relatedEffects('melena')).toEqual(expect.arrayContaining(['melena', 'gastrointestinal bleeding', 'bleeding']));
    expect(lexicon.relatedEffects('bleeding')).toEqual(expect.arrayContaining(['hematuria', 'melena', 'hematemesis', 'bruising']));
    expect(lexicon.relatedEffects('melena')).not.toContain('hematuria');
    expect(lexicon.relatedEffects('cough')).toEqual(['cough']);
    expect(canonicalsIn('his stools are black and the urine is red')).toEqual(['melena', 'hematuria']);
  });

  it('tells symptoms, signs and adverse reactions from diagnoses a patient lives with', () => {
    for (const effect of ['cough', 'diarrhea', 'palpitations', 'weight gain', 'hyperkalemia', 'angioedema']) expect(lexicon.isEffect(effect), effect).toBe(true);
    for (const diagnosis of ['diabetes', 'psoriasis', 'hypothyroidism', 'atrial fibrillation', 'pregnancy', 'bipolar disorder']) expect(lexicon.isEffect(diagnosis), diagnosis).toBe(false);
    // Medicines are never effects, whatever their name.
    expect(lexicon.isEffect('warfarin')).toBe(false);
  });
});

describe('brand and everyday names', () => {
  it('maps a brand name to its generic', () => {
    expect(canonicalsIn('Coumadin, Aleve, Eliquis, Xarelto, Tylenol, Accutane')).toEqual([
      'warfarin',
      'naproxen',
      'apixaban',
      'rivaroxaban',
      'acetaminophen',
      'isotretinoin',
    ]);
  });

  it('maps a Spanish or Latin-American brand to its generic', () => {
    expect(canonicalsIn('Sintrom, Nolotil, Flanax, Eutirox')).toEqual(['acenocoumarol', 'metamizole', 'naproxen', 'levothyroxine']);
  });

  it('reads a knock to the head, told in everyday words, as a head injury', () => {
    expect(canonicalsIn('on Eliquis, she slipped and bonked her head on the sink')).toEqual(['apixaban', 'head injury']);
    expect(canonicalsIn('se cayó y se golpeó la cabeza con la mesa')).toEqual(['head injury']);
    expect(canonicalsIn('a concussion last year')).toEqual(['head injury']);
  });

  it('reads a wish to die or to kill oneself, told in everyday words, as suicidal ideation, and not a figure of speech', () => {
    for (const told of [
      'my 17 year old told me he wants to die',
      'she said she wants to kill herself',
      'is he suicidal?',
      "patient says she doesn't want to live anymore",
      'he keeps saying we would be better off if he ended it all, that he wants to end his life',
      'mi papá dice que ya no quiere vivir',
      'me dijo que piensa matarse',
      'mi hijo dice que se quiere suicidar',
      'tiene ganas de morirse y dice que estaría mejor muerto',
    ]) {
      expect(canonicalsIn(told), told).toContain('suicidal ideation');
    }
    for (const said of [
      "I'm dying to see the new film",
      'the battery is dead again',
      'se mata trabajando',
      'me muero de risa',
      'killing time before the appointment',
      "I don't want to die from a bleed, should I stop the warfarin?",
      'no quiero morir desangrado, ¿dejo el Sintrom?',
      '¿esta combinación puede matarme?',
      'tiene que acabar con todo el antibiótico',
    ]) {
      expect(canonicalsIn(said), said).not.toContain('suicidal ideation');
    }
  });

  it('reads the signs of a stroke, told in everyday words, as the signs the stroke card checks for', () => {
    expect(canonicalsIn('the side of his mouth went droopy and his words came out all garbled')).toEqual(['facial droop', 'slurred speech']);
    expect(canonicalsIn("her face drooped on one side and she couldn't get her words out")).toEqual(['facial droop', 'slurred speech']);
    expect(canonicalsIn('a mi abuelita se le chueco la boca y hablaba raro')).toEqual(['facial droop', 'slurred speech']);
    expect(canonicalsIn('se le torció la boca y no le salían las palabras')).toEqual(['facial droop', 'slurred speech']);
    // The card's own words are met too, so the card covers what the question names.
    expect(canonicalsIn('Does one side droop? Is speech slurred or strange?')).toEqual(['facial droop', 'slurred speech']);
    // Speaking a language, or to someone, is not a sign; nor is an eyelid.
    for (const said of [
      'she has trouble speaking English, how do I check she understood her warfarin?',
      'difficulty speaking with her doctor about side effects',
      'no puede hablar bien con el médico porque le da vergüenza',
      'tiene dificultad para hablar español',
      'his eyelid droops on one side in the evening',
      'the flowers droop in the heat',
    ]) {
      expect(canonicalsIn(said), said).not.toContain('slurred speech');
      expect(canonicalsIn(said), said).not.toContain('facial droop');
    }
  });

  it('reads blood in the phlegm as coughing up blood', () => {
    expect(canonicalsIn('coughing and there are red blood streaks in the phlegm')).toContain('hemoptysis');
    expect(canonicalsIn('tiene tos y flemas con sangre desde ayer')).toContain('hemoptysis');
    expect(canonicalsIn('his phlegm is green and thick')).not.toContain('hemoptysis');
  });

  it('maps the clipped names clinicians write to their generic', () => {
    expect(canonicalsIn('switch to azithro, amio started, on atorva, doxy or clinda, la metfo')).toEqual([
      'azithromycin',
      'amiodarone',
      'atorvastatin',
      'doxycycline',
      'clindamycin',
      'metformin',
    ]);
    // No clipped name whose Spanish spelling is a word: "spiro" would make "espiro", I breathe out.
    expect(canonicalsIn('¿Espiro todo el aire antes de usar el inhalador?')).toEqual(['inhaler']);
  });

  it('maps everyday names to their class', () => {
    expect(lexicon.find('my blood thinner and my water pills')).toMatchObject([
      { surface: 'blood thinner', canonical: 'anticoagulant', kind: 'class' },
      { surface: 'water pills', canonical: 'diuretic', kind: 'class' },
    ]);
  });

  it('reads "on the pill" as the combined oral contraceptive but not "take the pill" as a medicine', () => {
    expect(canonicalsIn("I'm on the pill")).toEqual(['combined oral contraceptive']);
    expect(canonicalsIn('I forget to take the pill with water')).toEqual([]);
  });
});

describe('Spanish names', () => {
  const pairs: Array<[string, string]> = [
    ['amiodarone', 'amiodarona'],
    ['metformin', 'metformina'],
    ['hydrochlorothiazide', 'hidroclorotiazida'],
    ['omeprazole', 'omeprazol'],
    ['ibuprofen', 'ibuprofeno'],
    ['sertraline', 'sertralina'],
    ['fluoxetine', 'fluoxetina'],
    ['levothyroxine', 'levotiroxina'],
    ['spironolactone', 'espironolactona'],
    ['trimethoprim', 'trimetoprima'],
    ['sildenafil', 'sildenafilo'],
    ['phenelzine', 'fenelzina'],
    ['digoxin', 'digoxina'],
  ];

  it.each(pairs)('spells %s in Spanish as %s by the usual ending rules', (english, spanish) => {
    expect(spanishVariants(english)).toContain(spanish);
  });

  it('leaves a name Spanish spells the same way unchanged', () => {
    expect(spanishVariants('clopidogrel')).toEqual([]);
  });

  it('resolves Spanish INN spellings that no entry lists, through the generated index', () => {
    const root = lexiconRoot([...pairs.map(([english]) => ({ name: english, kind: 'drug' })), { name: 'clopidogrel', kind: 'drug' }]);
    const spanish = [...pairs.map(([, spelling]) => spelling), 'clopidogrel'].join(', ');
    expect(loadClinicalLexicon(root).find(spanish).map((mention) => mention.canonical)).toEqual([
      ...pairs.map(([english]) => english),
      'clopidogrel',
    ]);
  });

  it('resolves irregular Spanish names from the explicit list', () => {
    expect(canonicalsIn('tomo litio y ácido valproico')).toEqual(['lithium', 'valproate']);
  });

  it('matches Spanish names with or without accents', () => {
    expect(canonicalsIn('hidroclorotiazida, ácido acetilsalicílico, acido acetilsalicilico')).toEqual(['hydrochlorothiazide', 'aspirin', 'aspirin']);
  });

  it('recognises Spanish class names', () => {
    expect(canonicalsIn('AINE, ISRS, estatinas, IECA, benzodiacepinas, opioides')).toEqual([
      'nsaid',
      'ssri',
      'statin',
      'ace inhibitor',
      'benzodiazepine',
      'opioid',
    ]);
  });

  it('does not generate Spanish spellings over an explicit name of another entry', () => {
    const root = lexiconRoot([
      { name: 'amiodarone', kind: 'drug' },
      { name: 'other drug', kind: 'drug', es: ['amiodarona'] },
    ]);
    expect(loadClinicalLexicon(root).find('amiodarona').map((mention) => mention.canonical)).toEqual(['other drug']);
  });
});

describe('how names are matched', () => {
  it('matches whole words only', () => {
    expect(canonicalsIn('aspirinx warfarinized metforminas')).toEqual([]);
  });

  it('does not take a made-up word for a mention', () => {
    expect(lexicon.find('Is xqzzv safe with my other medicines?')).toEqual([]);
  });

  it('matches names of several words', () => {
    expect(canonicalsIn("St. John's wort and isosorbide mononitrate after HER2-positive breast cancer")).toEqual([
      "st john's wort",
      'isosorbide mononitrate',
      'her2-positive breast cancer',
    ]);
  });

  it('lets the longest name win, without overlapping mentions', () => {
    expect(lexicon.find('trimethoprim-sulfamethoxazole, insulin glargine, calcium channel blockers')).toMatchObject([
      { surface: 'trimethoprim-sulfamethoxazole', canonical: 'trimethoprim-sulfamethoxazole' },
      { surface: 'insulin glargine', canonical: 'insulin glargine' },
      { surface: 'calcium channel blockers', canonical: 'calcium channel blocker' },
    ]);
  });

  it('treats hyphens, spaces and no space alike', () => {
    expect(canonicalsIn('co-trimoxazole, co trimoxazole, cotrimoxazole, beta-blocker, beta blocker, betablocker')).toEqual([
      'trimethoprim-sulfamethoxazole',
      'trimethoprim-sulfamethoxazole',
      'trimethoprim-sulfamethoxazole',
      'beta blocker',
      'beta blocker',
      'beta blocker',
    ]);
  });

  it('accepts a plural for classes and conditions', () => {
    expect(canonicalsIn('statins, NSAIDs, ACE inhibitors, migraines, allergies, inhibidores de la bomba de protones')).toEqual([
      'statin',
      'nsaid',
      'ace inhibitor',
      'migraine',
      'allergy',
      'proton pump inhibitor',
    ]);
  });

  it('does not accept a plural for a single drug', () => {
    expect(canonicalsIn('warfarins')).toEqual([]);
  });

  it("ignores a possessive 's", () => {
    expect(lexicon.find("warfarin's effect in Crohn's disease")).toMatchObject([
      { surface: 'warfarin', canonical: 'warfarin' },
      { surface: "Crohn's disease", canonical: "crohn's disease" },
    ]);
  });

  it('gives the surface as written and offsets into the original text', () => {
    const text = '¿Puedo tomar IBUPROFENO con Sintrom?';
    const mentions = lexicon.find(text);
    expect(mentions.map((mention) => [mention.surface, text.slice(mention.start, mention.end)])).toEqual([
      ['IBUPROFENO', 'IBUPROFENO'],
      ['Sintrom', 'Sintrom'],
    ]);
  });

  it('matches an abbreviation written in capitals in the lexicon only when the text is in capitals', () => {
    expect(canonicalsIn('sleep aids; AIDS')).toEqual(['hypnotic', 'acquired immunodeficiency syndrome']);
    expect(canonicalsIn('mi tía; TIA')).toEqual(['transient ischemic attack']);
  });

  it('matches a brand that is an everyday word only when written with a capital', () => {
    expect(canonicalsIn('¿Se cambia a losartán?')).toEqual(['losartan']);
    expect(canonicalsIn('Cambia 50 mg for a migraine')).toEqual(['diclofenac', 'migraine']);
    expect(canonicalsIn('son actos de fe, allí no hay farmacia')).toEqual([]);
    expect(canonicalsIn('Está con Actos y pregunta por Alli')).toEqual(['pioglitazone', 'orlistat']);
    expect(canonicalsIn('tomo voltaren')).toEqual(['diclofenac']);
  });

  it('reads such a brand at the start of a sentence only before a strength, and never with an accent it lacks', () => {
    expect(canonicalsIn('¿Cambia algo si lo toma con comida?')).toEqual([]);
    expect(canonicalsIn('Allí no tienen metformina. Rayos X de tórax normales')).toEqual(['metformin']);
    expect(canonicalsIn('Cambia 50 mg para la migraña')).toEqual(['diclofenac', 'migraine']);
    expect(canonicalsIn('Lleva Actos. ¿Actos 30 mg con insulina?')).toEqual(['pioglitazone', 'pioglitazone', 'insulin']);
  });

  it('reads a name said with an intensifier inside it, but never takes the intensifier for a name or runs past two', () => {
    expect(canonicalsIn('desde el metotrexato se me cae muchísimo el pelo')).toEqual(['methotrexate', 'alopecia']);
    expect(canonicalsIn('se me cae muy muy el pelo')).toEqual(['alopecia']);
    expect(canonicalsIn('my hair is really falling out')).toEqual(['alopecia']);
    // Three in a row is no longer the phrase; an intensifier alone, or before the name, is nothing.
    expect(canonicalsIn('se me cae muy muy muy el pelo')).toEqual([]);
    expect(canonicalsIn('muy mucho muchísimo')).toEqual([]);
    expect(lexicon.find('se me cae muchísimo el pelo')[0]).toMatchObject({ surface: 'se me cae muchísimo el pelo', start: 0 });
  });

  it('does not run a name across a sentence break', () => {
    expect(canonicalsIn('The reading was low. Blood pressure was normal.')).toEqual([]);
  });
});

describe('classes and members', () => {
  it('lists the member drugs of a class', () => {
    expect(lexicon.membersOf('ssri')).toEqual(expect.arrayContaining(['sertraline', 'fluoxetine', 'paroxetine', 'citalopram', 'escitalopram']));
    expect(lexicon.membersOf('doac')).toEqual(expect.arrayContaining(['apixaban', 'rivaroxaban', 'dabigatran', 'edoxaban']));
  });

  it('lists the classes a drug belongs to', () => {
    expect(lexicon.classesOf('warfarin')).toEqual(expect.arrayContaining(['anticoagulant', 'vitamin k antagonist']));
    expect(lexicon.classesOf('ibuprofen')).toContain('nsaid');
  });

  it('gives no members for a drug and no classes for a class', () => {
    expect(lexicon.membersOf('warfarin')).toEqual([]);
    expect(lexicon.classesOf('statin')).toEqual([]);
  });

  it('covers the classes people ask about', () => {
    const classes = [
      'nsaid', 'ssri', 'snri', 'triptan', 'statin', 'ace inhibitor', 'arb', 'thiazide diuretic', 'loop diuretic',
      'potassium-sparing diuretic', 'mineralocorticoid receptor antagonist', 'benzodiazepine', 'opioid', 'maoi',
      'proton pump inhibitor', 'sulfonylurea', 'nitrate', 'pde5 inhibitor', 'doac', 'macrolide', 'fluoroquinolone',
      'beta blocker', 'calcium channel blocker', 'antiplatelet', 'corticosteroid', 'bisphosphonate', 'antipsychotic',
      'tricyclic antidepressant', 'anticonvulsant', 'iodinated contrast media',
    ];
    expect(classes.filter((name) => lexicon.membersOf(name).length === 0)).toEqual([]);
  });
});

describe('conditions', () => {
  it('recognises conditions named in English', () => {
    expect(canonicalsIn('gout, head lice, otitis media, serotonin syndrome, hyperkalemia, a heart attack')).toEqual([
      'gout',
      'head lice',
      'otitis media',
      'serotonin syndrome',
      'hyperkalemia',
      'heart attack',
    ]);
  });

  it('recognises the same conditions named in Spanish', () => {
    expect(canonicalsIn('piojos, otitis media, síndrome serotoninérgico, hiperpotasemia, un infarto')).toEqual([
      'head lice',
      'otitis media',
      'serotonin syndrome',
      'hyperkalemia',
      'heart attack',
    ]);
  });

  it('maps everyday condition names to their canonical name', () => {
    expect(canonicalsIn('low blood sugar, bajada de azúcar, high blood pressure, presión alta')).toEqual([
      'hypoglycemia',
      'hypoglycemia',
      'hypertension',
      'hypertension',
    ]);
  });
});

describe('expand()', () => {
  it('follows each brand and Spanish name with its canonical English name', () => {
    expect(lexicon.expand('Coumadin y Aleve').text).toBe('Coumadin (warfarin) y Aleve (naproxen)');
  });

  it('follows a class mention with the class name only', () => {
    expect(lexicon.expand('¿Puedo tomar estatinas?').text).toBe('¿Puedo tomar estatinas (statin)?');
  });

  it('leaves canonical names as they are', () => {
    expect(lexicon.expand('warfarin with statins').text).toBe('warfarin with statins');
  });

  it('does not add a name twice when run on its own output', () => {
    const once = lexicon.expand('litio con Aleve').text;
    expect(lexicon.expand(once).text).toBe(once);
  });

  it('returns the mentions with offsets into the original text', () => {
    const { mentions } = lexicon.expand('Coumadin y Aleve');
    expect(mentions.map((mention) => [mention.start, mention.end])).toEqual([
      [0, 8],
      [11, 16],
    ]);
  });
});

describe('bad lexicon data', () => {
  it('accepts an effect within a broader effect, and rejects "within" on anything else or naming no other effect', () => {
    const bleeding = { name: 'bleeding', effect: true };
    const melena = { name: 'melena', aliases: ['black stools'], effect: true, within: ['bleeding'] };
    const accepted = loadClinicalLexicon(lexiconRoot([warfarin], [bleeding, melena]));
    expect(accepted.relatedEffects('melena')).toEqual(['melena', 'bleeding']);
    expect(accepted.relatedEffects('bleeding')).toEqual(['bleeding', 'melena']);
    expect(loadProblem(lexiconRoot([warfarin], [bleeding, { ...melena, effect: undefined }]))).toMatch(/entry 2 \("melena"\): "within" is for effects/);
    expect(loadProblem(lexiconRoot([warfarin], [bleeding, { ...melena, within: ['hemorrhage'] }]))).toMatch(/within "hemorrhage" is not another effect/);
    expect(loadProblem(lexiconRoot([warfarin], [{ name: 'diabetes' }, { ...melena, within: ['diabetes'] }]))).toMatch(/within "diabetes" is not another effect/);
    expect(loadProblem(lexiconRoot([warfarin], [bleeding, { ...melena, within: ['melena'] }]))).toMatch(/within "melena" is not another effect/);
  });

  it('accepts a condition marked as an effect, and rejects any other value of the mark', () => {
    expect(loadClinicalLexicon(lexiconRoot([warfarin], [{ name: 'cough', effect: true }])).isEffect('cough')).toBe(true);
    expect(loadProblem(lexiconRoot([warfarin], [{ name: 'cough', effect: false }]))).toMatch(/conditions\.json, entry 1 \("cough"\): effect/);
    expect(loadProblem(lexiconRoot([{ ...warfarin, effect: true }]))).toMatch(/medicines\.json, entry 1 \("warfarin"\)/);
    expect(loadProblem(lexiconRoot([{ ...warfarin, everyday: ['Jantoven'] }]))).toMatch(/everyday.*"Jantoven" is not one of its aliases/);
  });

  it('rejects an empty name, naming the file and the entry', () => {
    const message = loadProblem(lexiconRoot([warfarin, { ...naproxen, aliases: [''] }]));
    expect(message).toContain('medicines.json, entry 2 ("naproxen")');
    expect(message).toContain('aliases.0: must not be empty');
  });

  it('rejects two entries with the same canonical name', () => {
    const message = loadProblem(lexiconRoot([warfarin, { ...naproxen, name: 'warfarin' }]));
    expect(message).toContain('medicines.json, entry 2 ("warfarin")');
    expect(message).toContain('already used by');
  });

  it('rejects a name shared by two entries, naming both', () => {
    const message = loadProblem(lexiconRoot([warfarin, { ...naproxen, aliases: ['Coumadin'] }]));
    expect(message).toContain('"Coumadin" is already a name of "warfarin"');
    expect(message).toContain('entry 2 ("naproxen")');
  });

  it('rejects a condition that reuses a medicine name', () => {
    const message = loadProblem(lexiconRoot([warfarin], [{ name: 'bleeding', aliases: ['warfarina'] }]));
    expect(message).toContain('conditions.json, entry 1 ("bleeding")');
  });

  it('rejects a class whose member is not a drug entry', () => {
    const message = loadProblem(lexiconRoot([warfarin, { name: 'anticoagulant', kind: 'class', members: ['warfarin', 'heparin'] }]));
    expect(message).toContain('member "heparin" is not a drug entry');
  });

  it('rejects a class without members', () => {
    expect(loadProblem(lexiconRoot([{ name: 'anticoagulant', kind: 'class' }]))).toContain('a class must list its member drugs');
  });

  it('rejects a canonical name that is not in lower case', () => {
    expect(loadProblem(lexiconRoot([{ ...warfarin, name: 'Warfarin' }]))).toContain('name: must be lower case');
  });

  it('rejects a file that is not valid JSON', () => {
    const root = lexiconRoot([warfarin]);
    writeFileSync(join(root, 'kb', 'lexicon', 'conditions.json'), '[{"name": ');
    expect(loadProblem(root)).toMatch(/conditions\.json: is not valid JSON/);
  });

  it('rejects a missing file', () => {
    expect(loadProblem(tempDir())).toMatch(/medicines\.json: cannot be read \(ENOENT\)/);
  });
});

describe('the cards', () => {
  const cardsDirectory = join(packageRoot(), 'kb', 'clinical');
  const titles = new Map(
    readdirSync(cardsDirectory)
      .filter((file) => file.endsWith('.md') && file.toLowerCase() !== 'readme.md')
      .map((file) => [file.replace(/\.md$/, ''), /^title:\s*(.+)$/m.exec(readFileSync(join(cardsDirectory, file), 'utf8'))?.[1] ?? '']),
  );

  // The medicines and classes each card's title names. Adding a card means adding it here.
  const medicinesInTitles: Record<string, string[]> = {
    // The device's class: the card covers every medicine given by inhaler ("her albuterol MDI").
    'adh-inhaler-technique': ['inhaler'],
    'ddi-acei-arb-potassium-spironolactone': ['ace inhibitor', 'arb', 'potassium supplement', 'spironolactone'],
    'ddi-clopidogrel-omeprazole': ['clopidogrel', 'omeprazole', 'esomeprazole'],
    'ddi-digoxin-amiodarone': ['digoxin', 'amiodarone'],
    'ddi-levothyroxine-calcium-iron': ['levothyroxine', 'calcium supplement', 'iron supplement', 'antacid'],
    'ddi-lithium-nsaids-thiazides-acei': ['lithium', 'nsaid', 'thiazide diuretic', 'ace inhibitor', 'arb'],
    'ddi-maoi-tyramine': ['maoi'],
    'ddi-metformin-iodinated-contrast': ['metformin', 'iodinated contrast media'],
    'ddi-methotrexate-trimethoprim': ['methotrexate', 'trimethoprim', 'trimethoprim-sulfamethoxazole'],
    'ddi-opioids-benzodiazepines': ['opioid', 'benzodiazepine', 'sedative'],
    'ddi-sildenafil-nitrates': ['sildenafil', 'pde5 inhibitor', 'nitrate'],
    'ddi-ssri-triptans-tramadol': ['ssri', 'snri', 'triptan', 'tramadol'],
    'ddi-statins-clarithromycin-grapefruit': ['statin', 'clarithromycin'],
    'ddi-warfarin-amiodarone': ['warfarin', 'amiodarone'],
    'ddi-warfarin-nsaids': ['warfarin', 'nsaid'],
    'ddi-warfarin-tmp-smx': ['warfarin', 'antibiotic', 'trimethoprim-sulfamethoxazole'],
    'esc-angioedema-anaphylaxis': ['ace inhibitor'],
    'esc-anticoagulant-bleeding': ['anticoagulant'],
    'esc-lithium-toxicity': ['lithium'],
  };

  it('has a title for every card', () => {
    expect([...titles].filter(([, title]) => title === '')).toEqual([]);
  });

  it('recognises every medicine and class named in a card title', () => {
    const missing = Object.entries(medicinesInTitles).flatMap(([card, expected]) => {
      const found = new Set(canonicalsIn(titles.get(card) ?? ''));
      return expected.filter((name) => !found.has(name)).map((name) => `${card}: ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it('finds no medicine in the titles of the other cards', () => {
    const unexpected = [...titles]
      .filter(([card]) => !(card in medicinesInTitles))
      .flatMap(([card, title]) => lexicon.find(title).filter((mention) => mention.kind !== 'condition').map((mention) => `${card}: ${mention.surface}`));
    expect(unexpected).toEqual([]);
  });

  it('recognises the condition each escalation card is about', () => {
    const conditions: Record<string, string> = {
      'esc-angioedema-anaphylaxis': 'angioedema',
      'esc-anticoagulant-bleeding': 'bleeding',
      'esc-chest-pain-heart-attack': 'heart attack',
      'esc-hyperkalemia': 'hyperkalemia',
      'esc-hypoglycemia': 'hypoglycemia',
      'esc-lithium-toxicity': 'lithium toxicity',
      'esc-serotonin-syndrome': 'serotonin syndrome',
      'esc-stroke-fast': 'stroke',
      'esc-suicidal-ideation': 'suicidal ideation',
    };
    const missing = Object.entries(conditions).filter(([card, condition]) => !canonicalsIn(titles.get(card) ?? '').includes(condition));
    expect(missing).toEqual([]);
  });
});

describe('long questions', () => {
  it('matches every name of a 2,000-character question (its time is measured by cita bench, keyword section)', () => {
    const mentions = lexicon.find(longClinicalQuestion);
    // 20 whole repeats of the sentence and its last 80 characters: warfarin, ibuprofen and metformin each time.
    expect(mentions.filter((mention) => mention.canonical === 'warfarin')).toHaveLength(21);
    expect(mentions.filter((mention) => mention.canonical === 'metformin').length).toBeGreaterThanOrEqual(20);
    expect(mentions.every((mention, index) => index === 0 || mention.start >= (mentions[index - 1]?.end ?? 0))).toBe(true);
  });
});
