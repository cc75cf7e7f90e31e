import { describe, expect, it } from 'vitest';
import { conditionsAsked, speaksOfConditions } from '../../../main/corpora/kb/condition-questions.js';

const labels = (question: string) => conditionsAsked(question, '').map((kind) => kind.label);

describe('the exceptions a question about a clinic procedure turns on', () => {
  it('reads holidays, weekends, leave, weather, failures, losses, shortages, languages and refusals, in English and Spanish', () => {
    expect(labels('What happens to the Tuesday anticoagulation clinic when it falls on a public holiday?')).toEqual(['a public holiday']);
    expect(labels('¿Y si el jueves es festivo?')).toEqual(['a public holiday']);
    expect(labels('Do the clerks process repeat requests on Saturday mornings?')).toEqual(['a weekend']);
    expect(labels('¿Quién hace la rota del fin de semana?')).toEqual(['a weekend']);
    expect(labels('Who runs the clinic when the pharmacist is on annual leave?')).toEqual(['someone away (leave or sickness)']);
    expect(labels('¿Quién lleva la consulta si la enfermera está de baja?')).toEqual(['someone away (leave or sickness)']);
    expect(labels('Are home visits cancelled when there is snow or severe weather?')).toEqual(['bad weather']);
    expect(labels('What do I do if the defibrillator fails its self-test?')).toEqual(['equipment that fails']);
    expect(labels('What should I do if the key to the waste cage is missing from hook 9?')).toEqual(['something lost or missing']);
    expect(labels('No encuentro la llave del armario, ¿qué hago?')).toEqual(['something lost or missing']);
    expect(labels('Absorbex is out of stock - which product do we use?')).toEqual(['something out of stock']);
    expect(labels('Is the consent form available in other languages, like Polish?')).toEqual(['another language']);
    expect(labels('¿Qué hacemos si el paciente se niega a usar el colchón de aire?')).toEqual(['a patient who refuses']);
  });

  it('does not read clinical wording as a clinic exception', () => {
    for (const question of [
      'She has lost weight and feels tired, should I check her thyroid?',
      'What if he is missing a dose of warfarin?',
      'Can I take my warfarin with me on holiday?',
      'Is heart failure a reason to stop ibuprofen?',
      '¿Hace falta cita para el control?',
      'Who keeps the key to the opioid cupboard?',
      'What if the patient has lost sensation in their feet?',
      'What if the patient lost consciousness?',
      'What if the patient is not on insulin?',
      'What if the INR is not in range?',
      '¿Cómo registro a un residente temporal?',
      "What if the patient's renal function declines?",
      "What if the paracetamol isn't working?",
      '¿Y si el riñón no funciona bien?',
      'What if the dressing is off?',
      'No encuentro el pulso pedio, ¿qué hago?',
    ]) {
      expect(labels(question), question).toEqual([]);
    }
  });

  it('finds whether a document speaks of every exception asked', () => {
    const holidayQuestion = 'What happens when the clinic falls on a bank holiday?';
    const holiday = conditionsAsked(holidayQuestion, '');
    expect(speaksOfConditions('If Monday is a bank holiday, the check moves to Tuesday morning.', holiday, holidayQuestion)).toBe(true);
    expect(speaksOfConditions('The clinic runs on Tuesday and Thursday mornings, from 08:30 to 12:00.', holiday, holidayQuestion)).toBe(false);
    const leaveQuestion = 'Who runs the clinic when the pharmacist is on annual leave?';
    const leave = conditionsAsked(leaveQuestion, '');
    expect(speaksOfConditions('The practice nurse deputises when the pharmacist is unavailable.', leave, leaveQuestion)).toBe(true);
    expect(speaksOfConditions('The pharmacist runs the clinic and reviews every INR result.', leave, leaveQuestion)).toBe(false);
    const weekendQuestion = 'Is the clinic open on Saturday?';
    const weekend = conditionsAsked(weekendQuestion, '');
    expect(speaksOfConditions('Repeat requests are processed Monday to Friday.', weekend, weekendQuestion)).toBe(true);
    const bothQuestion = 'Who covers on a bank holiday weekend when the lead is on leave?';
    const both = conditionsAsked(bothQuestion, '');
    expect(both.map((kind) => kind.label)).toEqual(['a public holiday', 'a weekend', 'someone away (leave or sickness)']);
    expect(speaksOfConditions('Bank holidays: the clinic is closed.', both, bothQuestion)).toBe(false);
  });

  it('reads the exception next to what the question is about, not anywhere in the document', () => {
    const question = 'What should I do if the data logger in the vaccine fridge stops recording?';
    const failing = conditionsAsked(question, '');
    const fridge = [
      '## Monitoring',
      '',
      'The data logger in the vaccine fridge records the temperature every 10 minutes and is downloaded every Friday.',
      '',
      '## Thermometer',
      '',
      'Keep a spare battery for the digital thermometer in the drawer.',
    ].join('\n');
    expect(speaksOfConditions(fridge, failing, question)).toBe(false);
    const withFault = `${fridge}\nIf the data logger fails or shows a fault, use the fridge's own min/max thermometer and tell the cold chain lead.`;
    expect(speaksOfConditions(withFault.replace('## Thermometer', '## Faults'), failing, question)).toBe(true);
  });

  it('reads Christmas and Easter as holidays, and where to park', () => {
    expect(labels('Is the travel clinic still running over the Christmas weeks?')).toEqual(['a public holiday']);
    expect(labels('¿Abrimos en Semana Santa?')).toEqual(['a public holiday']);
    expect(labels('¿Dónde aparcan los pacientes que vienen al control?')).toEqual(['where to park']);
    expect(labels('Where can patients park for the minor surgery clinic?')).toEqual(['where to park']);
    expect(labels('Does the clinic run on Tuesdays?')).toEqual([]);
    const question = '¿Dónde aparcan los pacientes que vienen al control?\npatients park';
    expect(speaksOfConditions('# Anticoagulation clinic\n\nThe clinic runs in Room 14.', conditionsAsked(question, ''), question)).toBe(false);
    expect(speaksOfConditions('# Anticoagulation clinic\n\nPatients park in the visitor car park.', conditionsAsked(question, ''), question)).toBe(true);
  });

  it('does not read "quejas que no quedan resueltas" as something out of stock', () => {
    expect(labels('¿A quién van las quejas que no quedan resueltas?')).toEqual([]);
    expect(labels('No quedan apósitos de plata, ¿cuál usamos?')).toEqual(['something out of stock']);
  });

  it('reads an exception in the title, a section heading or the sentence after (a review, 2026-12-06)', () => {
    const check = (title: string, body: string, question: string) => speaksOfConditions(`# ${title}\n\n${body}`, conditionsAsked(question, ''), question);
    expect(check('Snow and Severe Weather Plan', 'Home visits are triaged by the duty GP each morning.', 'Do home visits still go ahead when it snows?')).toBe(true);
    expect(check('Anticoagulation clinic', '## Bank holidays\n\nThe clinic moves to the Wednesday after.', 'What happens to the Tuesday anticoagulation clinic on a bank holiday?')).toBe(true);
    expect(check('Defibrillator checks', '## If it fails\n\nTake it out of use and tell the practice manager.', 'What do I do if the defibrillator fails its self-test?')).toBe(true);
    expect(
      check(
        'Anticoagulation clinic',
        'The anticoagulation clinic runs every Tuesday morning in Room 14 with the pharmacist and a healthcare assistant. On bank holidays, it moves to Wednesday.',
        'What happens to the Tuesday anticoagulation clinic in Room 14 on a bank holiday?',
      ),
    ).toBe(true);
    expect(check('Anticoagulation clinic', 'The anticoagulation clinic runs every Tuesday morning in Room 14.', 'What happens to the Tuesday anticoagulation clinic on a bank holiday?')).toBe(false);
  });

  it('reads "if Aisling is off" as someone away, and cover as staffing, not as scope (development sets, 2026-12-07)', () => {
    expect(labels('Who runs the spirometry session if Aisling is off?')).toEqual(['someone away (leave or sickness)']);
    expect(labels('Who does the INR clinic when Dr Achebe is off?')).toEqual(['someone away (leave or sickness)']);
    expect(labels('Who runs the clinic when the practice nurse is off?')).toEqual(['someone away (leave or sickness)']);
    expect(labels('What if the dressing is off?')).toEqual([]);
    expect(labels('Who checks the trolley if Monday is off?')).toEqual([]);
    expect(labels('When Aisling is off, who runs it?')).toEqual(['someone away (leave or sickness)']);
    const question = 'Who runs the minor surgery sessions when Dr Owen Lloyd is on annual leave?';
    const away = conditionsAsked(question, '');
    const scope = '# Consent for Minor Surgery\n\n## Procedures covered\n\nMinor surgery sessions run on Tuesday afternoons. This procedure covers excision of skin lesions.';
    expect(speaksOfConditions(scope, away, question)).toBe(false);
    expect(speaksOfConditions(`${scope} When Dr Lloyd is away, Dr Khan covers the minor surgery sessions.`, away, question)).toBe(true);
    expect(speaksOfConditions(`${scope} Cover for the minor surgery sessions is arranged by the practice manager.`, away, question)).toBe(true);
  });
});

describe('a blood pressure reading is nobody away (2026-12-07)', () => {
  it('reads "122 de baja" as the low figure of a reading, and "está de baja" as leave', () => {
    expect(labels('En casa le ha salido 185 de alta y 122 de baja, ¿qué hago?')).toEqual([]);
    expect(labels('La enfermera está de baja, ¿quién hace la consulta?')).toEqual(['someone away (leave or sickness)']);
    expect(labels('Si Marta está de baja, ¿quién pasa la consulta?')).toEqual(['someone away (leave or sickness)']);
  });
});
