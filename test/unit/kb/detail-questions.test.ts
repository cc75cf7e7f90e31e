import { describe, expect, it } from 'vitest';
import { detailAsked, holdsDetail, namesMaker, namesPerson } from '../../../main/corpora/kb/detail-questions.js';
import { figureAsked, holdsFigure } from '../../../main/corpora/kb/figure-questions.js';
import { foldText } from '../../../main/core/text-folding.js';

const asked = (question: string) => detailAsked(foldText(question));

describe('which detail a question asks for', () => {
  it('reads price questions in English and Spanish', () => {
    for (const question of [
      'How much does the contractor charge for each sharps container?',
      'How much do we pay the interpreter service?',
      'What does a replacement monofilament cost?',
      "What's the price of one foam dressing?",
      'What is the fee for a private sick note?',
      "What's the hourly rate Meridian charges for a face-to-face interpreter?",
      '¿Cuánto cuesta cada tira del INR?',
      '¿Cuánto cobran por el certificado?',
      '¿Cuál es el precio del apósito de plata?',
    ]) {
      expect(asked(question), question).toBe('price');
    }
  });

  it('reads questions for a person’s name', () => {
    for (const question of [
      'What is the name of the Infection Prevention Nurse who runs the audit?',
      "What's the name of the Clinical Governance Lead?",
      'Who is the current falls champion on Ward 3?',
      '¿Cómo se llama la enfermera de enlace?',
      '¿Cuál es el nombre del responsable de la cadena de frío?',
      'What is the name of the nurse who runs the audit?',
      '¿Quién es la actual responsable de farmacia?',
    ]) {
      expect(asked(question), question).toBe('person');
    }
  });

  it('reads brand, maker and supplier questions', () => {
    for (const question of [
      'What brand of grey non-slip socks does Ward 3 stock?',
      'Which courier company does the lab use for the sample pickups?',
      'Who orders replacement sharps containers, and from which supplier?',
      'Which company supplies the orange lone worker badge?',
      'Who makes the point-of-care INR meter?',
      'Who manufactures our INR meter?',
      '¿Qué marca de glucómetro lleva la caja de hipoglucemias?',
      '¿Qué empresa recoge los contenedores?',
      '¿Quién suministra los monofilamentos?',
    ]) {
      expect(asked(question), question).toBe('maker');
    }
  });

  it('leaves other questions alone, including "who" questions a role answers and "marca" as "shows"', () => {
    for (const question of [
      'Who keeps the key to the opioid cupboard?',
      'Who downloads the temperature data logger, and how often?',
      'Si la nevera de las vacunas marca 10 grados, ¿a quién llamo?',
      '¿Qué marca el termómetro cuando se va la luz?',
      'What is the target heart rate during the stress test?',
      'How much paracetamol can he take in a day?',
      'What does this rash mean?',
      'Which days does the waste company come to pick up the full boxes?',
      'What time does the waste company come on Fridays?',
      'Which form does the contractor sign?',
      '¿Cómo uso lo de los nietos sin meterle miedo? ¿Cómo se llama esa técnica?',
      'Se le están olvidando los nombres de los nietos. ¿Es normal de la edad?',
      "What's the name of that reaction when two drugs add up?",
      '¿Cómo se llama eso de darle una medicina para el efecto de otra?',
      'Who is in charge of the weekly trolley check?',
      'What hourly rate should the insulin infusion run at?',
      'What is a safe weekly rate of weight loss?',
      'When should the district nurse pay a visit after discharge?',
      '¿Cuánto vale el INR objetivo con warfarina?',
      'Who is the new patient health check for?',
      'What is the name of the form the receptionist gives to new patients?',
      'Who is currently eligible for a free flu vaccine?',
      "What's the name of the blood test that people with diabetes have every year?",
      'Who makes the best-interests decision if the patient lacks capacity?',
      'What does a firm, non-tender breast lump mean?',
      '¿Qué significa la marca de la tuberculina a las 72 horas?',
      '¿Qué necesita mi empresa para justificar la baja?',
    ]) {
      expect(asked(question), question).toBeNull();
    }
  });

  it('is the figure the KB checks, before a duration or a frequency', () => {
    expect(figureAsked('How much does the courier charge per run, and how often does it come?')).toBe('price');
    expect(figureAsked('¿Cuánto cuesta cada tira?')).toBe('price');
  });
});

describe('whether a document gives the detail', () => {
  it('finds an amount of money, or a statement that there is none', () => {
    for (const text of [
      'Each container costs £4.50.',
      'The fee is 30 euros.',
      'A copy is 50p.',
      'Interpreters are offered at no cost to the patient.',
      'Es gratuito para el paciente.',
      'Cuesta 12 €.',
      'GBP 12 per letter.',
      'There is no fee.',
      'Free to all registered patients.',
    ]) {
      expect(holdsDetail(text, 'price', ''), text).toBe(true);
    }
    for (const text of ['The contractor collects the containers on Tuesdays and Fridays before 10:00.', 'Order 3 boxes when the stock falls below 5.', 'The wound is free of signs of infection.']) {
      expect(holdsDetail(text, 'price', ''), text).toBe(false);
    }
  });

  it('finds a person named next to the role the question asks about, not a name elsewhere', () => {
    const text =
      'Replacement stock is ordered through the practice manager, Colm Derry, on extension 214.\n\nThe used defibrillator data is downloaded by the Clinical Governance Lead.';
    expect(namesPerson(text, 'What is the name of the practice manager?')).toBe(true);
    expect(namesPerson(text, "What's the name of the Clinical Governance Lead who gets the trolley reports?")).toBe(false);
    expect(namesPerson('The cold chain lead is the immunisation nurse, currently Nurse Lucía Ferrer.', 'Who is the current cold chain lead?')).toBe(true);
    expect(namesPerson('The CD accountable officer, Dr. Elena Vidal, is told within 24 hours.', 'What is the name of the accountable officer?')).toBe(true);
    for (const text of ['Lucía Ferrer is the cold chain lead.', 'The cold chain lead is J. Smith.', 'Cold chain lead: Smith, J.', 'The cold chain lead is Dr SMITH.', "The cold chain lead is Mrs O'Brien."]) {
      expect(namesPerson(text, 'What is the name of the cold chain lead?'), text).toBe(true);
    }
    expect(namesPerson('The cold chain lead works at Riverbend Surgery.', 'What is the name of the cold chain lead?')).toBe(false);
  });

  it('does not read the places or teams the question names, days or English words as a person', () => {
    const text = 'Debrief with the Northfield Team Leader after any incident.\n\nThe falls meeting is on the last Wednesday Morning of the month.';
    expect(namesPerson(text, 'What is the name of the Northfield team leader?')).toBe(false);
    expect(namesPerson(text, 'Who is the current falls meeting chair?')).toBe(false);
  });

  it('finds a brand or a firm next to what the question is about, not the clinic’s own names', () => {
    const socks = '- Give every patient at risk grey non-slip socks on admission.\n- Bed alarms are kept in store 3C.';
    expect(namesMaker(socks, 'What brand of grey non-slip socks does Ward 3 stock?')).toBe(false);
    expect(namesMaker('- Give every patient at risk grey non-slip socks (Comfigrip) on admission.', 'What brand of grey non-slip socks does Ward 3 stock?')).toBe(true);
    expect(namesMaker('Sealed containers are collected by MedWaste Ltd on Tuesdays.', 'Which company collects the sealed containers?')).toBe(true);
    expect(namesMaker('Comfigrip non-slip socks are issued on admission.', 'What brand of non-slip socks do we use?')).toBe(true);
    const courier =
      'This procedure describes how blood samples taken at Riverbend Health Centre are handed to the laboratory courier.\n\nIf the courier has not arrived 20 minutes after the scheduled time, call the courier desk.';
    expect(namesMaker(courier, 'Which courier company does the lab use for the sample pickups?')).toBe(false);
    expect(namesMaker('The courier desk is on Tuesday and Thursday.', 'Which courier company do we use?')).toBe(false);
  });

  it('checks a detail through holdsFigure too (a card without the question’s words)', () => {
    expect(holdsFigure('The kit costs €20.', 'price')).toBe(true);
    expect(holdsFigure('No price is given here.', 'price')).toBe(false);
  });
});
