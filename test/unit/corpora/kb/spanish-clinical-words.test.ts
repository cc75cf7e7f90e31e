import { describe, expect, it } from 'vitest';
import { translateClinicalQuery } from '../../../../main/corpora/kb/spanish-clinical-words.js';

const english = (question: string) => translateClinicalQuery(question)?.english;

describe('Spanish clinical words for the English cards', () => {
  it('reads a phrase as one term before its words', () => {
    expect(translateClinicalQuery('dolor de pecho')).toEqual({
      english: 'chest pain',
      pairs: [{ spanish: 'dolor de pecho', english: 'chest pain' }],
    });
    expect(english('dolor')).toBe('pain');
  });

  it('takes the longest phrase that matches', () => {
    expect(english('no se siente bien')).toBe('feels unwell');
    expect(english('se siente bien')).toBe('feels fine');
    expect(english('presión arterial alta')).toBe('high blood pressure');
  });

  it('matches phrases in their inflected forms and steps over articles and clitics', () => {
    expect(english('dolores de pecho')).toBe('chest pain');
    expect(english('sangran las encías')).toBe('bleeding gums');
    expect(english('no se puede pagar')).toBe('cannot afford');
  });

  it('knows the everyday words of a stroke that passed, an inhaler technique and a surgery question', () => {
    expect(english('se le torció la boca y a los 10 minutos se le pasó todo')).toBe('face drooping 10 minutes went away');
    expect(english('lo agita bien y luego aspira muy despacito')).toBe('shake well later inhale slowly');
    expect(english('¿Hay que suspender la metformina antes de una cirugía programada con anestesia general?')).toContain('surgery scheduled with anesthesia');
    // ...and not where the same words say how long, agitation or suction.
    expect(english('se pasó todo el día vomitando')).toBe('all day vomiting');
    expect(english('la paciente se agita por la noche')).toBe('patient agitated in the evening');
    expect(english('hay que aspirar secreciones')).toBe('must suction secretions');
    expect(english('¿Hay que mantener la insulina en la nevera?')).toContain('keep insulin');
    // "lleva semanas" is how long, not "take": llevar stays out of the glossary.
    expect(english('lleva semanas guardando pastillas')).not.toContain('take');
  });

  it('knows relatives, a cup held, a skipped dose, a tooth pulled and money that does not stretch', () => {
    expect(english('a mi suegra no podía coger la taza')).toBe('mother-in-law hold cup');
    expect(english('el odontólogo le va a sacar una muela')).toBe('dentist dental tooth extraction dental work');
    expect(english('no le alcanza la plata')).toBe('cannot afford');
    expect(english('no ha surtido su receta y se saltea dosis')).toContain('fill prescription skip dose');
    expect(english('mañana me saco sangre para la litemia')).toBe('morning blood draw lithium level');
  });

  it('reads "mal" after a verb of use as how it is used, and elsewhere as how one feels or what harms', () => {
    expect(english('Usa mal el inhalador')).toBe('uses incorrectly inhaler');
    expect(english('se toma mal las pastillas')).toBe('takes incorrectly pill');
    expect(english('entendió mal la dosis')).toBe('misunderstands dose');
    expect(english('me encuentro mal')).toContain('unwell');
    expect(english('el ibuprofeno le hace mal al estómago')).not.toContain('incorrectly');
  });

  it('reads breastfeeding as mothers say it, and a baby by its accent', () => {
    expect(english('¿Puedo darle el pecho a mi bebé si tomo litio?')).toBe('breastfeeding baby if take litio');
    expect(english('Le doy de mamar y tomo sertralina')).toBe('breastfeeding take sertralina');
    expect(english('sigue dándole la teta')).toContain('breastfeeding');
    // ...while the chest stays the chest, and "bebe" without its accent still drinks.
    expect(english('me duele el pecho')).toContain('chest');
    expect(english('bebe mucho alcohol')).toContain('drinking');
  });

  it('drops Spanish function words it does not translate, and reads family, continuing and discharge', () => {
    expect(english('está cansado porque no duerme nada')).toBe('tired because sleep');
    expect(english('sigue con la pastilla aunque su mujer dice que no le sirve')).toBe('continue with pill woman say does not work');
    expect(english('le han dado el alta')).toBe('discharged');
    expect(english('la llevamos a la guardia')).toContain('emergency department');
    // Why a medicine is taken is no word of what is asked about it; a sleeping pill stays one.
    expect(english('toma un Orfidal para dormir, ¿puede conducir?')).toBe('take Orfidal drive');
    expect(english('no puede dormir')).toContain('sleep');
    expect(english('una pastilla para dormir')).toBe('sleeping pill');
    expect(english('dice que se siente bárbaro')).toBe('say feels fine');
  });

  it('folds accents and case', () => {
    expect(english('HINCHAZÓN')).toBe('swelling');
    expect(english('hinchazon')).toBe('swelling');
    expect(english('Dolor De Pecho')).toBe('chest pain');
  });

  it('keeps words it does not know as typed, such as drug names', () => {
    expect(english('warfarina con ibuprofeno')).toBe('warfarina with ibuprofeno');
  });

  it('keeps numbers and units as typed', () => {
    expect(english('glucosa de 54 mg/dL')).toBe('glucose 54 mg/dL');
    expect(english('INR de 4,5 y sangrado')).toBe('INR 4,5 bleeding');
    expect(english('regla 15-15')).toBe('rule 15-15');
  });

  it('reads gerunds, participles and past tenses as their verb', () => {
    expect(english('sangrando')).toBe('bleeding');
    expect(english('sangraba')).toBe('bleeding');
    expect(english('vomitó')).toBe('vomiting');
    expect(english('olvidé')).toBe('forget');
    expect(english('recomiendan')).toBe('recommend');
  });

  it('reads feminine and plural forms as their dictionary form', () => {
    expect(english('mareada')).toBe('dizzy');
    expect(english('hinchadas')).toBe('swollen');
    expect(english('moretones')).toBe('bruise');
    expect(english('veces')).toBe('times');
  });

  it('reads stem-changing verbs and attached pronouns', () => {
    expect(english('duele')).toBe('pain');
    expect(english('siente')).toBe('feel');
    expect(english('tomándolas')).toBe('take');
    expect(english('desmayarse')).toBe('fainting');
  });

  it('drops stop words and question fillers', () => {
    expect(english('¿Qué tengo que hacer con el mareo?')).toBe('what to do with dizziness');
  });

  it('returns null when nothing was translated', () => {
    expect(translateClinicalQuery('¿Qué puedo hacer?')).toBeNull();
    expect(translateClinicalQuery('warfarina ibuprofeno')).toBeNull();
    expect(translateClinicalQuery('warfarin and ibuprofen')).toBeNull();
    expect(translateClinicalQuery('')).toBeNull();
  });

  it('writes a word already spelled as the cards spell it in English without listing it in the notice', () => {
    expect(translateClinicalQuery('mareo y confusión')).toEqual({
      english: 'dizziness confusion',
      pairs: [{ spanish: 'mareo', english: 'dizziness' }],
    });
  });

  it('lists what it translated, in question order, for the notice', () => {
    expect(translateClinicalQuery('heces negras y mareo con warfarina')?.pairs).toEqual([
      { spanish: 'heces negras', english: 'black stools' },
      { spanish: 'mareo', english: 'dizziness' },
      { spanish: 'con', english: 'with' },
    ]);
  });

  it.each([
    [
      'symptoms',
      '¿Qué hago si un paciente con warfarina tiene moretones y sangrado de encías?',
      ['bruise', 'bleeding gums', 'warfarina'],
    ],
    [
      'conditions',
      'Paciente con presión alta y azúcar baja',
      ['high blood pressure', 'low blood sugar'],
    ],
    [
      'escalation',
      '¿Cuándo hay que llamar al 112 o ir a urgencias por dolor de pecho?',
      ['call 911', 'emergency department', 'chest pain'],
    ],
    [
      'taking medicines',
      '¿Se puede tomar la levotiroxina con el desayuno o mejor en ayunas?',
      ['take', 'with breakfast', 'empty stomach'],
    ],
    [
      'adherence',
      'La paciente dice que no puede pagar las pastillas y que se siente bien',
      ['cannot afford', 'pill', 'feels fine'],
    ],
    [
      'motivational interviewing',
      '¿Cómo uso la escucha reflexiva y las preguntas abiertas en la entrevista motivacional?',
      ['reflective listening', 'open questions', 'motivational interviewing'],
    ],
    [
      'rulers',
      '¿Cómo aplico la regla de importancia y la de confianza?',
      ['importance ruler', 'confidence'],
    ],
    [
      'interactions',
      '¿Es peligroso combinar ibuprofeno con warfarina? ¿Aumenta el riesgo de sangrado?',
      ['dangerous', 'combine', 'bleeding risk'],
    ],
    [
      'time and quantity',
      '¿Cuántas horas hay que separar el calcio de la levotiroxina? ¿Al menos cuatro?',
      ['hours', 'separate', 'calcium', 'at least', 'four'],
    ],
    [
      'drug classes',
      'Toma un anticoagulante, un antiinflamatorio y sustituto de la sal',
      ['anticoagulant', 'NSAID', 'salt substitute'],
    ],
    [
      'lay medicine names',
      'Se le olvida la pastilla para la tensión por la noche',
      ['blood pressure medicine', 'in the evening'],
    ],
  ])('translates a question about %s into the cards’ English', (_area, question, expected) => {
    const translated = english(question);
    for (const words of expected) expect(translated).toContain(words);
  });

  it('reads a staff question about the sharps bin and the vaccine fridge in the words of a practice procedure', () => {
    expect(english('¿Dónde dejo el contenedor de agujas cuando está lleno?')).toBe('where to put sharps bin when full');
    // "marca" after a fridge or a meter is a reading, not a brand; "¿a quién aviso?" asks whom to tell.
    expect(english('Si la nevera marca 10 grados, ¿a quién aviso?')).toBe('if fridge reads 10 degrees who to inform');
    // Apart from the fridge too, when a figure follows; a brand otherwise (2026-12-07, thirty-fourth session).
    expect(english('Si la nevera de las vacunas marca 10 grados, ¿a quién aviso?')).toBe('if fridge vaccine reads 10 degrees who to inform');
    expect(english('El termómetro del almacén marcaba 9,5')).toContain('reads 9,5');
    expect(english('¿Qué marca de guantes usamos?')).toContain('brand');
    expect(english('¿Qué marca de guantes usamos?')).not.toContain('reads');
    expect(english('¿Usamos la marca 3M para los apósitos?')).toContain('brand');
    expect(english('Si el paciente marca 112, ¿qué pasa?')).not.toContain('reads');
  });

  it.each([
    ['the crash trolley check', '¿Cada cuánto se revisa el carro de paradas y dónde se apunta en la hoja de registro?', ['crash trolley', 'log sheet']],
    ['a spill', 'Se ha derramado orina en el suelo de la consulta, ¿dónde está el kit de derrames? ¿Uso lejía?', ['spill', 'spill kit', 'bleach']],
    ['covering a shift', 'Si la enfermera está de baja, ¿quién cubre su turno de tarde?', ['sick leave', 'cover', 'afternoon shift']],
    ['holidays', '¿Con cuántos días de antelación hay que pedir las vacaciones?', ['notice', 'holiday']],
    ['the sample courier', '¿A qué hora pasa el mensajero a recoger las muestras de sangre para el laboratorio?', ['courier', 'blood sample', 'laboratory']],
    ['expired stock', '¿Qué hago con las vacunas caducadas? ¿Se anota el número de lote?', ['vaccine expired', 'batch']],
    ['charges and refunds', '¿Se cobra el informe médico o es gratuito? ¿Y si piden que les devuelvan el dinero?', ['charge', 'report', 'free of charge', 'refund']],
    ['reaching the on-call doctor', '¿Cómo contacto con el médico de guardia fuera de horario? ¿Llamo al busca?', ['on-call doctor', 'out of hours', 'bleep']],
    ['a missed appointment', 'El paciente no se presentó a la cita y la sala de espera está llena', ['did not attend', 'waiting room']],
    ['supplies', '¿Quién se encarga de pedir el material al almacén y de reponer el botiquín?', ['who is responsible', 'supplies', 'storeroom', 'first aid kit']],
  ])('translates a staff question about %s into a practice document’s English', (_area, question, expected) => {
    const translated = english(question);
    for (const words of expected) expect(translated).toContain(words);
  });

  it('keeps the clinical sense where a clinic word would clash with it', () => {
    // A stroke, the Argentine emergency department, low blood pressure and low-molecular-weight heparin stay so.
    expect(english('tuvo un derrame cerebral')).toBe('stroke');
    expect(english('derrame')).toBe('stroke');
    expect(english('la llevamos a la guardia')).toBe('emergency department');
    expect(english('tiene la tensión baja')).toBe('low blood pressure');
    expect(english('heparina de bajo peso molecular')).toBe('heparina low weight molecular');
    // A consultation stays a visit, a brand a brand, a shivering child shivering and a copper IUD copper.
    expect(english('tiene cita con el cardiólogo en la consulta')).toBe('appointment with cardiologist visit');
    expect(english('¿Qué marca de insulina usa?')).toBe('brand insulin use');
    expect(english('el niño tirita de frío')).toBe('child shivering cold');
    expect(english('el seguro no cubre el inhalador')).toBe('safe cover inhaler');
    expect(english('¿Se puede poner el DIU de cobre?')).not.toContain('charge');
  });

  it.each([
    [
      'cervical screening',
      '¿A partir de qué edad se hace la citología y cada cuántos años?',
      ['from', 'age', 'cervical smear', 'how often', 'years'],
    ],
    [
      'a records request',
      'Un señor vino a pedir una copia de su historial, ¿hace falta una solicitud de acceso por escrito?',
      ['comes in asking for', 'copy', 'records', 'needed', 'subject access request', 'in writing'],
    ],
    [
      'a booster due',
      '¿Cuándo le toca al nene la dosis de recuerdo de la triple vírica? ¿Se apunta en la cartilla?',
      ['when is it due', 'baby', 'booster dose', 'MMR', 'write down record', 'record book'],
    ],
    [
      'minor surgery',
      '¿Cuánto nos sale quitar un lunar en cirugía menor? ¿Se manda a anatomía patológica?',
      ['how much does it cost', 'remove a mole', 'minor surgery', 'histology'],
    ],
    [
      'stitches out',
      '¿Quién pasa consulta los jueves para quitar los puntos?',
      ['sees patients', 'Thursday', 'remove stitches'],
    ],
    [
      'the diabetic foot check',
      'En la revisión del pie diabético, ¿cómo uso el monofilamento y miro el pulso pedio?',
      ['foot check', 'diabetic', 'monofilament', 'foot pulses'],
    ],
    [
      'a solicitor and a deceased patient',
      'El abogado de la familia de un paciente fallecido pide su historia clínica: ¿necesita un poder notarial?',
      ['solicitor', 'deceased', 'medical records', 'power of attorney'],
    ],
    [
      'a missed smear',
      'El paciente no vino a la cita de la citología: ¿se le vuelve a citar o se anula?',
      ['did not attend', 'appointment', 'cervical smear', 'rebook', 'cancel'],
    ],
    [
      'the heel prick and the postnatal visit',
      '¿La prueba del talón la hace la matrona en la visita puerperal? ¿Le ponen la vacuna a la guagua?',
      ['heel prick', 'midwife', 'postnatal check', 'give the vaccine', 'baby'],
    ],
    [
      'consent for a child',
      '¿Puede la abuela firmar el consentimiento si no es la tutora legal ni tiene la patria potestad?',
      ['grandmother', 'sign', 'consent', 'legal guardian', 'parental responsibility'],
    ],
  ])('translates a practice question about %s into a practice document’s English', (_area, question, expected) => {
    const translated = english(question);
    for (const words of expected) expect(translated).toContain(words);
  });

  it('keeps wine as wine where no one came in', () => {
    expect(english('tomo vino con la cena')).toBe('take wine with dinner');
    expect(english('bebe vino todos los días')).toBe('drinking wine every day');
    expect(english('el vino a la hora de comer')).toContain('wine');
    // ...while coming in reads as coming in.
    expect(english('el paciente vino ayer a por la receta')).toBe('patient came in yesterday prescription');
  });

  it('keeps the clinical readings of words the practice uses otherwise', () => {
    // "quitar" alone stops a medicine, "control" monitors, "recuerdo" remembers, "parto" splits, "vale" is a value.
    expect(english('hay que quitar el ibuprofeno')).toBe('must stop ibuprofeno');
    expect(english('control de la tensión')).toBe('monitoring blood pressure');
    expect(english('no recuerdo si tomé la dosis')).toBe('remember if take dose');
    expect(english('parto la pastilla')).toBe('split the tablet');
    expect(english('¿Cuánto vale el INR objetivo?')).not.toContain('cost');
    // "uña" is a nail only as typed: the article stays an article.
    expect(english('me corto las uñas')).toBe('cut nail');
    expect(english('una pastilla al día')).toBe('pill a day');
  });

  it('keeps a capitalised word inside a sentence as a name, not a form of a verb, but still reads the sentence’s first word', () => {
    // "Moran" was read as "morir" (die), "Quito" as "quitar" (stop), "Costa" as "costar" (cost).
    expect(english('la doctora Moran no está hoy')).toContain('Moran');
    expect(english('la doctora Moran no está hoy')).not.toContain('die');
    expect(english('son 7 horas de diferencia con Quito')).not.toContain('stop');
    expect(english('vivo en San José de Costa Rica, ¿qué hago con la pastilla?')).toContain('Costa');
    // Lower case, or first in a sentence, the verb is still read.
    expect(english('la doctora dice que moran en casa')).toContain('die');
    expect(english('¿Quito el ibuprofeno?')).toContain('stop');
    expect(english('Tomo la pastilla. Quito el ibuprofeno.')).toContain('stop');
  });

  it('reads the everyday Spanish of a practice’s staff: time, people, coming and going (spanish-everyday-words.ts)', () => {
    expect(english('Oye, ¿hasta qué hora nos pueden pedir una visita a domicilio para que salga ese mismo día?')).toBe(
      'until what time latest time ask for home visit same day',
    );
    expect(english('Oye, acaba de llegar la caja de vacunas')).toBe('just arrive box vaccine');
    expect(english('¿Cuál es el teléfono del gerente?')).toBe('which phone practice manager manager');
    expect(english('¿Tengo que avisar a mi jefe si llego tarde?')).toBe('have to tell manager if arrive late');
    expect(english('¿Cuándo hay que cambiar el contenedor?')).toBe('when must change bin container');
  });

  it('lets a clinical phrase win over an everyday one it overlaps, and keeps the clinical words the everyday ones would clash with', () => {
    // "dejar de" (stop) would take the "de" of "de golpe" (suddenly); "tener que" the "que" of "qué hacer".
    expect(english('lo dejó de golpe')).toBe('stop suddenly');
    expect(english('¿Qué tengo que hacer con el colesterol?')).toBe('what to do with cholesterol');
    expect(english('¿Tengo que dejar de fumar?')).toBe('have to stop smoking');
    // "me duele" is no form of "dólar"; "viendo" no form of "vender"; "vale" of the INR is a value.
    expect(english('me duele la cabeza')).toBe('pain head');
    expect(english('lo estoy viendo')).toBe('see');
    // Review (2026-12-07): a clinical reading of a word's verb beats an everyday reading of the word as typed, a clinical
    // phrase beats a longer everyday one at the same place, and everyday words that hijacked clinical questions are out.
    expect(english('He perdido la toma de la mañana')).toBe('miss take in the morning');
    expect(english('¿Cuánto tiempo lleva hacer efecto?')).toContain('how long');
    expect(english('¿Cuánto tiempo lleva hacer efecto?')).not.toContain('has it been');
    expect(english('Me sangra en el punto de la inyección')).not.toContain("o'clock");
    expect(english('¿Cuántos sobres de Movicol puede tomar al día?')).not.toContain('spare');
    expect(english('Tiene la muñeca rota')).not.toContain('rota');
    expect(english('¿Tomo la metformina a la hora de la comida?')).toContain('food');
    expect(english('¿Cuánto vale el INR objetivo?')).not.toContain('cost');
  });

  it('reads a doctor by either gender, and a child being harmed as abuse', () => {
    expect(english('la doctora no está')).toBe('doctor');
    expect(english('sospecho que lo están maltratando')).toBe('suspect abuse');
    expect(english('sospecho abusos en casa')).toContain('abuse');
  });
});
