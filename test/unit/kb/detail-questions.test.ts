import { describe, expect, it } from 'vitest';
import { detailAsked, holdsDetail, namesMaker, namesPerson, peopleAsked } from '../../../main/corpora/kb/detail-questions.js';
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

describe('a way to reach someone, a code, or whether something is paid for', () => {
  it('reads phone, extension, email, password and charge questions in English and Spanish', () => {
    const cases: [string, string][] = [
      ['What extension do I ring to reach the IPC nurse?', 'phone'],
      ["What's Northvale Pathology's direct phone number so I can chase a result?", 'phone'],
      ['Which company services the irrigator and what’s their number?', 'phone'],
      ['what number do I ring for the duty doctor', 'phone'],
      ['¿A qué extensión llamo si me pincho?', 'phone'],
      ['¿Me pasas el teléfono de la farmacia?', 'phone'],
      ['¿Cuál es su extensión?', 'phone'],
      ["What's the email address patients should use for complaints?", 'email'],
      ['¿Cuál es el correo del laboratorio?', 'email'],
      ['What is the wifi password for the waiting room?', 'password'],
      ['¿Cuál es la contraseña del wifi?', 'password'],
      ["What's the door code for the store room?", 'password'],
      ['¿Cuál es el PIN para el servicio de interpretación?', 'password'],
      ['Do we charge patients for a travel letter?', 'charge'],
      ['Is there a fee for a copy of the records?', 'charge'],
      ['Do patients have to pay for the flu jab?', 'charge'],
      ['Does the yearly fire safety e-learning count as paid time if I do it at home?', 'charge'],
      ['Do we get paid extra for opening up early?', 'charge'],
      ['Is the flu jab free for carers?', 'charge'],
      ['¿Quién paga el certificado DBS?', 'charge'],
      ['Si cancelo con poca antelación, ¿nos lo cobran igual?', 'charge'],
    ];
    for (const [question, kind] of cases) expect(asked(question), question).toBe(kind);
  });

  it('leaves alone questions that mention a phone, a number, an email or paying without asking for one', () => {
    for (const question of [
      'What number actually counts as a low, and should I call the doctor?',
      'What value is normal, and at what number does it become toxic?',
      'What phone do we use for video calls?',
      "The patient's phone number is wrong on the form, what now?",
      'Can patients email us their forms?',
      '¿Qué le digo a un paciente que dice que no puede pagar sus medicamentos?',
      'What code do I add to the record after a hypo?',
    ]) {
      expect(asked(question), question).toBeNull();
    }
    // Two more ask for details of other kinds (2026-12-07): a reason, a count.
    expect(asked('¿Por qué no aceptamos los formularios de inscripción por email?')).toBe('reason');
    expect(asked('How many patients does the clinic see?')).toBe('count');
  });

  const results = [
    '# Test results',
    '',
    '## Urgent results from the laboratory',
    '',
    'Northvale Pathology phones the main practice number when a result is dangerously abnormal. Reception must put the call straight through to the duty doctor on extension 250.',
    '',
    '## Complications',
    '',
    'If the patient has vertigo lasting more than 10 minutes, ask the duty GP to review the patient. The duty GP can be reached on extension 214.',
    '',
    '## How to request a chaperone',
    '',
    '1. Ring the nurses’ room on extension 300.',
    '',
    '## Training',
    '',
    'The IPC nurse, Ruth Abernethy, runs the training sessions. For a spill, call the duty nurse.',
  ].join('\n');

  it('finds a number next to what the question asks about: its sentence, its heading, or the sentence carrying on', () => {
    expect(holdsDetail(results, 'phone', 'Which extension do I ring to get a chaperone?')).toBe(true);
    expect(holdsDetail(results, 'phone', 'The patient has vertigo that will not settle: what extension do I ring?')).toBe(true);
    expect(holdsDetail(results, 'phone', 'What extension do I ring to reach the IPC nurse Ruth Abernethy?')).toBe(false);
    expect(holdsDetail(results, 'phone', "What's Northvale Pathology's direct phone number so I can chase a result?")).toBe(false);
    expect(holdsDetail('## Telephone interpreting\n\nDial 0800 555 0177 from any consulting-room phone.', 'phone', 'What number do I ring for telephone interpreting?')).toBe(true);
    // A dose or a time is no phone number.
    expect(holdsDetail('Give 150 mL of orange juice, then recheck after 15 minutes at 14:30.', 'phone', 'What number do I ring for the juice?')).toBe(false);
  });

  it('finds a price next to what the question asks about, not another item’s', () => {
    const list = '# Travel clinic\n\n## Private vaccines\n\n- Rabies: £62 per dose\n- Hepatitis B: £45 per dose\n\n## Yellow fever\n\nYellow fever vaccine is given at Northgate Travel Pharmacy, not here.';
    expect(holdsDetail(list, 'price', 'How much is the rabies vaccine per dose?')).toBe(true);
    expect(holdsDetail(list, 'price', 'How much does Northgate Travel Pharmacy charge for the yellow fever vaccine?')).toBe(false);
  });

  it('reads past the words of the document’s title, and numbers written as people write them', () => {
    const room = [
      '# Phlebotomy (Blood Test Room) Procedure',
      '',
      '## Location',
      '',
      'Blood tests are taken in the Blood Test Room (Room 3), on the ground floor.',
      '',
      '## Staff',
      '',
      'Two healthcare assistants run the room on a rota. The room’s extension is 214.',
    ].join('\n');
    expect(holdsDetail(room, 'phone', 'whats the ext for the blood room?')).toBe(true);
    const opening = [
      '# Lone Working Policy',
      '',
      '## Opening and closing the building',
      '',
      '1. Phone the on-call manager’s mobile, 07700 900342, on arrival ("check in") and again on leaving.',
    ].join('\n');
    expect(holdsDetail(opening, 'phone', 'what number do i ring to check in when I’m opening up early?')).toBe(true);
    expect(holdsDetail(opening.replace('07700 900342, ', ''), 'phone', 'what number do i ring to check in when I’m opening up early?')).toBe(false);
  });

  it('finds an email address, a code with its value, or a statement of a fee', () => {
    expect(holdsDetail('Complaints can be made by email to the practice complaints address.', 'email', "What's the email address for complaints?")).toBe(false);
    expect(holdsDetail('Complaints can be made by email to complaints@kestrel.example.', 'email', "What's the email address for complaints?")).toBe(true);
    expect(holdsDetail('## Telephone interpreting\n\n2. Enter the practice PIN 4826.', 'password', 'What is the PIN for telephone interpreting?')).toBe(true);
    expect(holdsDetail('Phone base and say the code phrase "Can you check the blue folder".', 'password', 'What is the code phrase?')).toBe(true);
    expect(holdsDetail('Use the clinic tablet for wound photos.', 'password', 'What is the wifi password for the clinic tablet?')).toBe(false);
    expect(holdsDetail('Cancel at least 48 hours before, otherwise the full fee is charged to the practice.', 'charge', 'If we cancel late, do we get charged?')).toBe(true);
    expect(holdsDetail('Receptionists hold an enhanced DBS check.', 'charge', 'Who pays for the receptionists’ DBS check?')).toBe(false);
    // "Free" as available is no price.
    expect(holdsDetail('If no nurse is free, ring the reception supervisor.', 'charge', 'Is a chaperone free?')).toBe(false);
    expect(holdsDetail('Flu vaccines are free to patients over 65.', 'charge', 'Do patients have to pay for the flu jab?')).toBe(true);
  });

  it('reads the whole document when the question shares at most one word with any of its sentences', () => {
    const privateTests = '# Phlebotomy Procedure\n\n## Staff\n\nTwo assistants see each patient.\n\n## Private blood tests\n\nThe venepuncture fee is £35.';
    // A Spanish question whose English form leaves "privado" and "cobramos" as they are: only "patient" is shared.
    expect(holdsDetail(privateTests, 'charge', '¿Cuánto le cobramos al paciente por un análisis privado?\npatient privado cobramos')).toBe(true);
    expect(holdsDetail(privateTests.replace('The venepuncture fee is £35.', 'Book them on Tuesdays.'), 'charge', '¿Le cobramos al paciente?\npatient cobramos')).toBe(false);
  });
});

describe('what a review found (2026-12-06)', () => {
  it('does not read clinical questions about being free of something, paying attention or charging a battery as asking for a fee', () => {
    for (const question of [
      'Is the patient free of infection after antibiotics?',
      'Are the tablets free of lactose?',
      'Is the patient seizure free for long enough to drive?',
      'What is the patient free to eat after surgery?',
      'Who pays attention to the cold chain?',
      'Does the patient need to pay attention to their diet?',
      'Should we charge the syringe driver battery overnight?',
      'What is the normal range of knee extension?',
      '¿Cuál es la extensión de la quemadura?',
      '¿A qué número tiene que llegar la glucosa?',
      'What is the recommended pin site dressing?',
      '¿Cuál es la clave para diferenciar una celulitis de una erisipela?',
      'What do I do if I forget my EMIS password?',
    ]) {
      expect(asked(question), question).toBeNull();
    }
    expect(figureAsked('How often do I have to change my password?')).toBe('frequency');
  });

  it('reads the wordings it missed', () => {
    const cases: [string, string][] = [
      ['Do we charge for travel letters?', 'charge'],
      ['Is there a charge for travel letters?', 'charge'],
      ['How much do we charge for travel letters?', 'price'],
      ['¿Cuánto le cobramos por cada dosis de la vacuna?', 'price'],
      ['What is the phone number of the lab?', 'phone'],
      ["What is the pharmacy's number?", 'phone'],
      ['Phone number for the lab?', 'phone'],
      ['¿Me pasas el móvil de la coordinadora?', 'phone'],
      ['¿Cuál es el número de la farmacia?', 'phone'],
      ['¿Cuál es su extensión?', 'phone'],
      ["What's the code for the key safe?", 'password'],
      ['¿Qué código tiene la puerta?', 'password'],
      ['Is flu vaccination free for staff?', 'charge'],
      ['Is the sick note chargeable?', 'charge'],
      ['¿Se paga la vacuna?', 'charge'],
      ['¿Tiene algún coste el certificado?', 'charge'],
    ];
    for (const [question, kind] of cases) expect(asked(question), question).toBe(kind);
  });

  it('does not read years, NHS or lot numbers, doses or times as a number to ring; reads extensions written briefly', () => {
    const question = 'What is the lab phone number for the audit rooms?';
    for (const text of ['The audit ran 2019 - 2024 on 12 - 15 rooms.', 'Rooms open 0900-1200 hrs.', 'NHS number 943 476 5919 is on the form.', 'The audit rooms use lot number 123456.', 'Give 100 000 IU.']) {
      expect(holdsDetail(`# Lab\n\n${text}`, 'phone', question), text).toBe(false);
    }
    for (const text of ['Call the IPC nurse on x2271.', '- IPC nurse: on 2271', 'The IPC nurse is on 2271.']) {
      expect(holdsDetail(`# Contacts\n\n${text}`, 'phone', "What is the IPC nurse's extension?"), text).toBe(true);
    }
    // A sentence ending in a number is not glued to the next one.
    expect(holdsDetail('# Contacts\n\nRing the lab on extension 214. The IPC nurse has no extension; email her.', 'phone', "What is the IPC nurse's extension?")).toBe(false);
  });

  it('does not give a detail asked of something the document never names, in English', () => {
    expect(holdsDetail('# Repeat prescriptions\n\nThe pharmacist is on extension 231.', 'phone', 'What extension do I ring for the prescription clerks?')).toBe(false);
    expect(holdsDetail('# Podiatry referrals\n\nReception: 01632 960450.', 'phone', 'What is the phone number for the podiatry service?')).toBe(false);
  });

  it('reads codes, fees and their absence as written', () => {
    expect(holdsDetail('# Store\n\nStore room keypad: 4826', 'password', 'What is the store room keypad code?')).toBe(true);
    expect(holdsDetail('# IT\n\nThe wifi password riverbend2024 is for staff.', 'password', 'What is the wifi password?')).toBe(true);
    expect(holdsDetail('# IT\n\nThe wifi code changes on 1 April 2025.', 'password', 'What is the wifi password?')).toBe(false);
    expect(holdsDetail('# Letters\n\nWe do not charge for travel letters.', 'charge', 'Do we charge for travel letters?')).toBe(true);
    for (const text of ['Pay attention to the cold chain.', 'The nurse in charge signs.', "The charge nurse's shift starts at 8.", 'Charge the pump battery overnight.', 'Paid carers may attend.']) {
      expect(holdsDetail(`# Vaccines\n\n${text}`, 'charge', 'Do we charge for flu vaccines?'), text).toBe(false);
    }
  });
});

describe('the day or the time of day something happens (own documents, 2026-12-07)', () => {
  it('reads "what time", "which days", "a qué hora", "qué días", and not a time of day for a medicine or a time frame', () => {
    for (const question of [
      'What time does the lab courier come for the afternoon pickup?',
      'What time does the waste company come on Fridays?',
      'By what time do I have to finish my last home visit?',
      'Which days does the waste company collect the boxes?',
      'On which day is the trolley checked?',
      'What are the opening hours of the phlebotomy room?',
      '¿A qué hora pasa el mensajero?',
      '¿Hasta qué hora se puede pedir una receta urgente?',
      '¿Qué días hay espirometrías?',
      '¿En qué horario atiende el teléfono la oficina?',
    ]) {
      expect(asked(question), question).toBe('time');
    }
    for (const question of [
      'What time of day should I take my statin?',
      'What time frame do we have to reply to a complaint?',
      'What day of the cycle is the blood test done?',
      '¿Qué días de tratamiento le quedan?',
      'How many days does the result take?',
    ]) {
      expect(asked(question), question).toBeNull();
    }
  });

  it('gives way to a dose or a duration asked in the same question', () => {
    expect(figureAsked('Con el metotrexato semanal, ¿qué día se toma el ácido fólico y cuántos mg?')).toBe('dose');
    expect(figureAsked('¿A qué hora pasa el mensajero?')).toBe('time');
  });

  it('finds a clock time or a weekday next to what the question asks about, not a price or another thing’s time', () => {
    const question = 'What time does the courier collect the samples?';
    const doc = [
      '# Blood test room',
      '',
      '## Transport',
      '',
      'The hospital courier collects samples from the specimen box at 12:45 and 16:30.',
      '',
      '## Staff',
      '',
      'The phlebotomist starts at 8.30am.',
    ].join('\n');
    expect(holdsDetail(doc, 'time', question)).toBe(true);
    expect(holdsDetail(doc.replace('at 12:45 and 16:30', 'twice a day'), 'time', question)).toBe(false);
    expect(holdsDetail('# Records\n\nA copy of the records costs £12.50 and is posted within a month.', 'time', 'What time is the copy of the records posted?')).toBe(false);
    expect(holdsDetail('# Spirometry\n\nDiagnostic spirometry runs on Tuesday and Thursday mornings in Room 2.', 'time', 'Which days is diagnostic spirometry done?')).toBe(true);
    expect(holdsDetail('# Meetings\n\nErrors are discussed at the monthly prescribing meeting.', 'time', 'What day and time is the monthly prescribing meeting?')).toBe(false);
    expect(holdsFigure('Reception closes at 6 pm.', 'time')).toBe(true);
  });

  it('reads the whole document when no sentence shares two of the question’s words (the document says it otherwise)', () => {
    const fridge = [
      '# Vaccine Cold Chain Procedure',
      '',
      '## Monitoring',
      '',
      '- Read the current, minimum and maximum temperatures at 08:30 and at 15:30.',
      '- Reset the min/max thermometer after each reading.',
    ].join('\n');
    expect(holdsDetail(fridge, 'time', 'What times do we have to check the thermometer on the vaccine fridge?')).toBe(true);
    expect(holdsDetail(fridge.replace('at 08:30 and at 15:30', 'twice a day'), 'time', 'What times do we have to check the thermometer on the vaccine fridge?')).toBe(false);
  });
});

describe('how long something is kept (own documents, 2026-12-07)', () => {
  it('reads retention questions, not how long someone waits', () => {
    for (const question of [
      'Are the after-hours triage calls audio-recorded, and how long are the recordings kept?',
      'How long do we have to keep the temperature log sheets?',
      '¿Cuánto tiempo se guarda el registro de quejas?',
      '¿Durante cuánto tiempo hay que conservar las hojas de temperaturas?',
      '¿Cuánto tiempo guardamos en recepción las recetas que nadie recoge?',
    ]) {
      expect(asked(question), question).toBe('kept');
    }
    for (const question of ['After the injections, how long do we keep the family hanging around?', 'How long should she keep taking the tablets?', 'How long does the clinic take?']) {
      expect(asked(question), question).not.toBe('kept');
    }
  });

  it('finds a length of time or an end next to what is kept', () => {
    const doc = '# Heatwave plan\n\n## Temperatures\n\nReception reads the thermometers at 09:00 and writes the readings on form HW-1.\n\n## Training\n\nStaff complete the heat module every 2 years.';
    expect(holdsDetail(doc, 'kept', 'How long do we keep the HW-1 temperature readings forms?')).toBe(false);
    expect(holdsDetail(doc.replace('on form HW-1.', 'on form HW-1, which is kept for 12 months.'), 'kept', 'How long do we keep the HW-1 temperature readings forms?')).toBe(true);
    expect(holdsDetail('# Prescriptions\n\nUncollected paper prescriptions are kept at reception until the end of the month, then shredded.', 'kept', '¿Cuánto tiempo guardamos en recepción las recetas en papel?\npaper prescriptions reception')).toBe(true);
  });

  it('reads "¿se les pagan esas horas?" as whether something is paid for (blind set 7, after its run)', () => {
    expect(asked('A las recepcionistas que ayudan los sábados, ¿se les pagan esas horas aparte?')).toBe('charge');
    expect(asked('¿Se cobra el certificado?')).toBe('charge');
  });
});

describe('how many of something there are (own documents, 2026-12-07)', () => {
  it('reads count questions, not a length of time, how often or a dose', () => {
    for (const question of [
      'How many sets of defib pads should be on the trolley?',
      'What is the maximum number of patients in a Saturday session?',
      '¿Cuántos ventiladores tenemos para la sala de espera?',
      '¿Cuántas jeringas de adrenalina tiene que haber en el cajón 3?',
    ]) {
      expect(asked(question), question).toBe('count');
    }
    for (const question of ['How many days does the result take?', 'How many times a day should she take it?', 'How many tablets can he take?', '¿Cuántas horas pueden estar las vacunas fuera?']) {
      expect(asked(question), question).not.toBe('count');
    }
    expect(figureAsked('How many days does the result take?')).toBe('duration');
    expect(asked('What is the maximum number of paracetamol tablets in 24 hours?')).not.toBe('count');
    expect(asked('¿Cuánta gente tenemos formada para hacer de acompañante?')).toBe('count');
  });

  it('does not count what is counted by where it is, an article or a date', () => {
    const trolley = '# Resus trolley\n\n- The trolley holds 3 boxes of gloves.\n- Use una jeringa nueva for each patient.\n- Pads: 03/2027';
    expect(holdsDetail(trolley, 'count', 'How many oxygen masks should be on the trolley?')).toBe(false);
    expect(holdsDetail(trolley, 'count', 'How many boxes of gloves does the trolley hold?')).toBe(true);
    expect(holdsDetail(trolley, 'count', '¿Cuántas jeringas hay?\nhow many syringes are there?')).toBe(false);
    expect(holdsDetail(trolley, 'count', 'How many pads are there?')).toBe(false);
  });

  it('finds a number of the very thing counted, not a number of something else', () => {
    const trolley = '# Resus trolley\n\n## Top drawer\n\n- 2 sets of adult defibrillator pads\n- Adrenaline prefilled syringes x 4\n\n## Checks\n\nThe trolley is checked every Monday.';
    const pads = 'How many sets of defib pads should be on the trolley?';
    expect(holdsDetail(trolley, 'count', pads)).toBe(true);
    expect(holdsDetail(trolley.replace('2 sets of', 'Spare'), 'count', pads)).toBe(false);
    expect(holdsDetail(trolley, 'count', '¿Cuántas jeringas de adrenalina tiene que haber?\nhow many syringes of adrenaline have to be there?')).toBe(true);
    expect(holdsDetail(trolley, 'count', 'How many oxygen masks should be on the trolley?')).toBe(false);
    // A measure or a label's number is no count.
    const drawer = trolley.replace('Adrenaline prefilled syringes x 4', 'Drawer 3: emergency drugs box, including adrenaline 1 mg/10 ml prefilled syringes');
    expect(holdsDetail(drawer, 'count', '¿Cuántas jeringas de adrenalina tiene que haber en el cajón 3?\nhow many syringes of adrenaline have to be there in drawer 3?')).toBe(false);
    const heat = '# Heatwave plan\n\n- The practice has 2 portable air-conditioning units, stored in the basement.';
    expect(holdsDetail(heat, 'count', '¿Cuántos ventiladores tenemos para la sala de espera?\nhow many fans do we have for the waiting room?')).toBe(false);
    expect(holdsDetail(heat, 'count', 'How many air-conditioning units do we have?')).toBe(true);
  });

  it('reads a noun things are counted by under a heading that names what is counted', () => {
    const alarms = '# Lone working\n\n## SafeLink personal alarms\n\nThe practice has 6 SafeLink devices, kept charging in the key cabinet.';
    const question = 'Where do we keep the personal alarm thingies and how many have we got?';
    expect(holdsDetail(alarms, 'count', question)).toBe(true);
    expect(holdsDetail(alarms.replace('## SafeLink personal alarms', '## Equipment'), 'count', question)).toBe(false);
    const foot = '# Diabetic foot screening\n\n## Steps\n\n3. Test sensation with the 10 g monofilament at 6 sites on each foot.\n4. Check the pulses.';
    expect(holdsDetail(foot, 'count', '¿En cuántos puntos de cada pie se pasa el monofilamento?\nhow many points of each foot is the monofilament passed?')).toBe(true);
    expect(holdsDetail(foot, 'count', 'How many tuning forks are in the screening room?')).toBe(false);
  });
});

describe('why a rule is as it is (own documents, 2026-12-07)', () => {
  it('reads why questions in English and Spanish', () => {
    for (const question of ['Why do we have to wait 20 minutes before calling the courier desk?', "What's the reason we don't take forms by email?", '¿Por qué no aceptamos los formularios por email?', '¿Cuál es el motivo de esperar 20 minutos?']) {
      expect(asked(question), question).toBe('reason');
    }
    expect(asked('What do we do if the courier is late?')).toBeNull();
    expect(asked('What’s the reason we don’t take forms by email?')).toBe('reason');
  });

  it('finds a cause given, and reads the document as written ("la razón")', () => {
    const inr = '# Anticoagulation clinic\n\n## A high INR\n\n- Common causes include a new antibiotic and missed meals.';
    expect(holdsDetail(inr, 'reason', 'Why is the INR high in some of our patients?')).toBe(true);
    const forms = '# Registro\n\nNo se aceptan formularios por correo electrónico: la razón es la protección de datos.';
    expect(holdsDetail(forms, 'reason', '¿Por qué no se aceptan formularios por correo electrónico?')).toBe(true);
    expect(holdsDetail(forms.replace(': la razón es la protección de datos', ''), 'reason', '¿Por qué no se aceptan formularios por correo electrónico?')).toBe(false);
  });

  it('finds a reason given next to the rule, not an instruction alone', () => {
    const courier = '# Blood samples\n\n## Courier\n\nIf the courier has not arrived 20 minutes after the scheduled time, call the courier desk.';
    const question = 'Why do we have to wait 20 minutes before calling the courier desk?';
    expect(holdsDetail(courier, 'reason', question)).toBe(false);
    expect(holdsDetail(courier.replace('call the courier desk.', 'call the courier desk: the van is often held up at the hospital, so calling sooner only adds to the queue.'), 'reason', question)).toBe(true);
    expect(holdsDetail(courier.replace('call the courier desk.', 'call the courier desk, because the van is often held up at the hospital.'), 'reason', question)).toBe(true);
    const forms = '# Registration\n\nWe do not accept registration forms by email, as they are not secure.';
    expect(holdsDetail(forms, 'reason', '¿Por qué no aceptamos los formularios de inscripción por email?\nwhy do we not accept registration forms by email?')).toBe(true);
  });
});

describe('words that place nothing (2026-12-07)', () => {
  it('reads a question whose subject is the document’s title, asked of "whoever" or "here", against the whole document', () => {
    const fire = '# Fire Safety Procedure\n\n- Fire Safety Officer: Martin Doyle, ext. 201.\n- Extinguishers are serviced every January.';
    expect(holdsDetail(fire, 'phone', 'What extension do I dial to reach whoever is in charge of fire safety here?')).toBe(true);
    expect(holdsDetail(fire, 'phone', "What's the phone number of the company that services the extinguishers?")).toBe(false);
  });

  it('does not place a count question by "every", which its English form gains from "cada"', () => {
    const foot = '# Diabetic foot screening\n\n- Test sensation with the 10 g monofilament at 6 sites on each foot.\n- Replace the monofilament every 6 months.';
    expect(holdsDetail(foot, 'count', '¿En cuántos puntos de cada pie se pasa el monofilamento?\npuntos every feet monofilament')).toBe(true);
  });
});

describe('who stands in for someone away (own documents, 2026-12-07)', () => {
  it('reads a who question with someone off, away, on leave or not coming in, in English and Spanish', () => {
    for (const question of [
      'Dr Patel is off on leave for two weeks — who looks at her blood results?',
      'Who runs the Saturday spirometry session if Aisling is off?',
      "Who takes the sample box down if the duty HCA isn't in?",
      "Who does the stock count if Priya doesn't come in?",
      'Si Tom no viene ese día, ¿quién hace de responsable de incendios?',
      'Hannah está de vacaciones dos semanas, ¿quién hace el pedido de vacunas?',
      'Los viernes Lucy no trabaja, ¿quién saca las recetas repetidas?',
      'Si la doctora Rahman está de baja, ¿a quién se lo cuento?',
      '¿Quién cubre a la enfermera de viabilidad tisular los lunes?',
    ]) {
      expect(asked(question), question).toBe('cover');
    }
    // No one asked to stand in, or no one away.
    expect(asked('Who is off today?')).not.toBe('cover');
    expect(asked('Who runs the Saturday spirometry session?')).toBeNull();
    expect(asked('What do we do if the courier is off sick?')).toBeNull();
    expect(asked('¿Quién lleva la consulta del INR?')).toBeNull();
  });

  it('finds what happens in someone’s absence next to their role, not the name of the one away', () => {
    const fire = '# Fire Safety\n\n## Responsibilities\n\n- Fire Safety Officer: Martin Doyle, Practice Manager.\n- First floor fire warden: Tom Beckett, Healthcare Assistant.';
    const question = 'If Tom does not come in that day, who is the fire warden on the first floor?';
    expect(holdsDetail(fire, 'cover', question)).toBe(false);
    expect(holdsDetail(fire.replace('Healthcare Assistant.', 'Healthcare Assistant. When Tom is not in, the receptionist on duty takes the role.'), 'cover', question)).toBe(true);
    expect(holdsDetail(fire.replace('Healthcare Assistant.', 'Healthcare Assistant (deputy: Sara Ruiz).'), 'cover', question)).toBe(true);
    const results = '# Test Results Handling\n\n- Each GP has a named results buddy. When a GP is on leave or off sick, the buddy reviews that GP’s results.';
    expect(holdsDetail(results, 'cover', 'Dr Patel is off on leave for two weeks — who looks at her blood results?')).toBe(true);
  });

  it('does not take a rota, a scope or "absent pulses" for a stand-in', () => {
    const clinic = '# Baby Immunisation Clinic\n\n## When and where\n\nTwo nurses cover the clinic in rotation: Sister Joanne Pryce and Staff Nurse Megan Doyle. This procedure covers all routine immunisations.';
    expect(holdsDetail(clinic, 'cover', 'Joanne and Megan are both on holiday the same week. Who runs the baby vaccination clinic?')).toBe(false);
    const foot = '# Diabetic foot\n\n## Risk\n\n- Moderate: absent pulses. Refer to podiatry.';
    expect(holdsDetail(foot, 'cover', 'Who does the foot checks when the nurse is away?')).toBe(false);
    expect(holdsDetail(foot.replace('Refer to podiatry.', 'Refer to podiatry. In her absence the HCA does the checks.'), 'cover', 'Who does the foot checks when the nurse is away?')).toBe(true);
  });
});

describe('a mobile is not an extension (own documents and cards, 2026-12-07)', () => {
  const sharps = '# Sharps Injury\n\n## Who to tell\n\n- Then tell Joanne Mackie on ext. 226, or the practice manager if she is not in.';
  const visits = '# Home Visits\n\n## Triage\n\n- Our paramedic practitioner, Tom Hadley, carries out most routine visits. His work mobile is 07700 900 142.';

  it('reads "what’s X’s mobile, the HCA who…" as asking for a number', () => {
    expect(asked("what's Bethany Cole's mobile, the HCA who does the fridge checks?")).toBe('phone');
    expect(asked('what mobile do we give the patients for video calls')).toBeNull();
  });

  it('answers a question for a mobile only with a mobile, and one for an extension only with an extension', () => {
    expect(holdsDetail(sharps, 'phone', "what's Joanne Mackie's mobile number?")).toBe(false);
    expect(holdsDetail(sharps, 'phone', "what's Joanne Mackie's extension?")).toBe(true);
    expect(holdsDetail(sharps, 'phone', "what's Joanne Mackie's phone number?")).toBe(true);
    expect(holdsDetail(visits, 'phone', '¿Cuál es la extensión de Tom, el paramédico que hace las visitas?\nextension Tom paramedic visit')).toBe(false);
    expect(holdsDetail(visits, 'phone', '¿Cuál es el móvil de Tom, el paramédico?\nmobile Tom paramedic')).toBe(true);
    expect(holdsDetail(visits, 'phone', "What's Tom Hadley's number?")).toBe(true);
  });

  it('takes a short number dialled as an extension, not a full phone number', () => {
    const lab = '# Urgent samples\n\n- Ring the laboratory on 2271 for an urgent sample.\n- The courier desk is on 0161 555 0198.';
    expect(holdsDetail(lab, 'phone', 'What extension do I ring for the laboratory?')).toBe(true);
    expect(holdsDetail(lab.replace('on 2271', 'on 0161 555 0101'), 'phone', 'What extension do I ring for the laboratory?')).toBe(false);
    expect(holdsDetail(lab.replace('on 2271', 'on 0161 555 0101'), 'phone', 'What number do I ring for the laboratory?')).toBe(true);
  });
});

describe("a number asked of someone the document names is that person's (own documents, 2026-12-07)", () => {
  const visits =
    '# Home Visits\n\n## Triage\n\n- Our paramedic practitioner, Tom Hadley, carries out most routine visits on Mondays. His work mobile is 07700 900 142.\n- The visits coordinator, Sandra Okafor (ext. 231), keeps the daily visit list.';
  const complaints =
    '# Complaints\n\n## Reception\n\n- Otherwise pass the details to Karen Doyle, Reception Supervisor (ext. 209), who acts as deputy complaints lead.\n\n## Who investigates\n\n- Complaints about clinical care are investigated by Dr Owen Carstairs, the partner for clinical governance.';

  it('reads the people a question names that the document names too', () => {
    expect([...peopleAsked(visits, "what's Tom's extension?")]).toEqual(['tom']);
    expect([...peopleAsked(complaints, '¿Qué extensión tiene el Dr Carstairs para lo de las quejas?')]).toEqual(['carstairs']);
    expect([...peopleAsked(visits, "What extension do I ring for Mrs Jones's home visit?")]).toEqual([]);
    expect([...peopleAsked(visits, 'what extension does the visits coordinator have?')]).toEqual([]);
  });

  it("does not give another person's number, in the next sentence or the next section", () => {
    expect(holdsDetail(visits, 'phone', '¿Cuál es la extensión de Tom, el paramédico que hace las visitas?')).toBe(false);
    expect(holdsDetail(visits, 'phone', "What's Sandra's extension?")).toBe(true);
    expect(holdsDetail(visits, 'phone', "what's Tom's mobile?")).toBe(true);
    expect(holdsDetail(visits, 'phone', 'what extension does the visits coordinator have?')).toBe(true);
    expect(holdsDetail(complaints, 'phone', '¿Qué extensión tiene el Dr Carstairs para lo de las quejas?')).toBe(false);
    expect(holdsDetail(complaints, 'phone', "What's Karen Doyle's extension?")).toBe(true);
  });

  it('reads a name without the day, month or role written after it', () => {
    const clinic =
      '# Joint injections\n\n- Dr Owen Carstairs (Monday) and Dr Ana Ruiz (Friday) run the joint injection clinic.\n- Bookings: ring reception on 01632 960 123.';
    expect([...peopleAsked(clinic, 'What number do I ring for the Monday joint injection clinic?')]).toEqual([]);
    expect([...peopleAsked(complaints, "What's the Reception Supervisor's extension?")]).toEqual([]);
    expect([...peopleAsked(complaints, "What's Karen's extension?")]).toEqual(['karen']);
    const records = '# Medical Records\n\nFernhill Road Medical Practice · Lead: Deborah Ashworth, Practice Manager\n\n## Police\n\nRequests from the police go straight to Deborah. Reception is on 01632 960 500.';
    expect([...peopleAsked(records, "I need Deborah about a records request. What's her direct line?")]).toEqual(['deborah']);
    expect(holdsDetail(records, 'phone', "I need Deborah about a records request. What's her direct line?")).toBe(false);
  });

  it('takes a number said of "they" as theirs; one said of someone else, or of no one, is not', () => {
    // Missed on purpose: the next sentence speaks of the role, not the person; so does "dial 999" anywhere.
    const role = '# Home Visits\n\n## Triage\n\nOur paramedic practitioner, Tom Hadley, carries out most routine visits. The paramedic practitioner can be reached on extension 231.';
    expect(holdsDetail(role, 'phone', "What's Tom's extension?")).toBe(false);
    expect(holdsDetail(role, 'phone', "What's the paramedic practitioner's extension?")).toBe(true);
    const it = '# IT\n\n## Contacts\n\nOur IT lead is Alex Okonkwo. Their extension is 240.';
    expect(holdsDetail(it, 'phone', "What's Alex's extension?")).toBe(true);
    const first = '# Home Visits\n\n## Triage\n\nTom Hadley carries out most routine visits. The visits coordinator, Sandra Okafor, is on extension 231.';
    expect([...peopleAsked(first, "What's Tom's extension?")]).toEqual(['tom']);
    expect(holdsDetail(first, 'phone', "What's Tom's extension?")).toBe(false);
    expect(holdsDetail(first, 'phone', "What's Sandra's extension?")).toBe(true);
  });

  it('asks for the stand-in’s number when the person named is away', () => {
    expect(holdsDetail(complaints, 'phone', 'If Dr Carstairs is away, what extension do I ring about a complaint?')).toBe(true);
  });
});

describe('details the development sets found missed (own documents, 2026-12-07, thirty-fourth session)', () => {
  it('does not place a question by when the asker is ("this week", "right now", "hoy")', () => {
    const wound = '# Wound Care\n\n## Dressings\n\n- Silver dressings are used for two weeks, then reviewed.\n\n## Ordering\n\n- Add items to the stock sheet by Thursday 12:00.';
    expect(holdsDetail(wound, 'time', 'By what time do I have to order dressings this week?')).toBe(true);
    // "each week" is what the question is about: the silver dressings' two weeks are the closest sentence, with no time.
    expect(holdsDetail(wound, 'time', 'By what time do I have to order dressings each week?')).toBe(false);
    const chaperones = '# Chaperone Policy\n\n## Who can chaperone\n\n- Nurses, and receptionists who have done the training.\n- There are currently 11 trained chaperones.';
    expect(holdsDetail(chaperones, 'count', '¿Cuánta gente tenemos ahora mismo preparada para hacer de acompañante?\nhow many people right now ready chaperone companion')).toBe(true);
    expect(holdsDetail(chaperones.replace('trained chaperones', 'trained receptionists'), 'count', '¿Cuánta gente tenemos ahora mismo preparada para hacer de acompañante?\nhow many people right now ready chaperone companion')).toBe(false);
    // A session is what is asked about: "the next afternoon clinic" is the suspended one, not the morning's.
    const podiatry = '# Podiatry\n\n- Morning clinic: Tuesdays 09:00-12:00.\n- The afternoon clinic is suspended until further notice.';
    expect(holdsDetail(podiatry, 'time', 'When is the next afternoon clinic?')).toBe(false);
    expect(holdsDetail(podiatry, 'time', 'When is the next morning clinic?')).toBe(true);
  });

  it('reads "feet" as "foot" in the words a question and a sentence share', () => {
    const foot = '# Diabetic Clinic\n\n- Check both feet and any ulcer dressing at every visit.\n- Phone the foot team on 01632 960781 for an ulcer on the foot.';
    expect(holdsDetail(foot, 'phone', 'What number do I call for an ulcer on his feet?')).toBe(true);
    expect(holdsDetail(foot.replaceAll('foot', 'leg'), 'phone', 'What number do I call for an ulcer on his feet?')).toBe(false);
  });

  it('takes a firm with its mark anywhere in the sentence, a name without one only next to the question’s words', () => {
    const drugs = '# Emergency Drugs Box\n\n- Drugs are ordered each month by the practice administrator, Priya Shah, from Wexford Medical Ltd.';
    expect(namesMaker(drugs, 'Which supplier do we order the drugs from?')).toBe(true);
    expect(namesMaker(drugs.replace(' Ltd', ''), 'Which supplier do we order the drugs from?')).toBe(false);
    // In a clause about something else, a firm names that thing's firm.
    const fridge = '# Emergency Drugs Box\n\n- Drugs are ordered monthly by the practice manager and the fridge is serviced by Coolcare Ltd.';
    expect(namesMaker(fridge, 'Which supplier do we order the drugs from?')).toBe(false);
    expect(namesMaker(fridge, 'Which company services the fridge?')).toBe(true);
  });

  it('takes a number in brackets right after a name as the number to ring, not one after a thing', () => {
    const oxygen = '# Emergency Drugs Box\n\n- The oxygen cylinder is supplied by Pennine Medical Gases (01632 960 733).';
    expect(holdsDetail(oxygen, 'phone', "What's the phone number for the people who supply our oxygen?")).toBe(true);
    expect(holdsDetail('# Emergency Drugs Box\n\n- The oxygen cylinder (01632 960 733) is supplied by Pennine Medical Gases.', 'phone', "What's the phone number for the people who supply our oxygen?")).toBe(false);
    // Not a patient's NHS number, years, or a number not in brackets.
    expect(holdsDetail('# Home Visits\n\n- Home visits for Mrs Jones (943 476 5919) are booked by reception.', 'phone', 'What is the phone number for home visits?')).toBe(false);
    expect(holdsDetail('# Home Visits\n\n- Home visits were audited by Internal Audit (2024 2025).', 'phone', 'What is the phone number for home visits?')).toBe(false);
    expect(holdsDetail('# Home Visits\n\n- Home visits policy reviewed January 15 2025.', 'phone', 'What is the phone number for home visits?')).toBe(false);
  });

  it('reads the next sentence when it speaks of the same thing as "it" among its first words', () => {
    const vaccines = '# Baby Clinic\n\n## Vaccines not on the schedule\n\nParents sometimes ask for chickenpox vaccine. We offer it privately at £72 per dose.';
    expect(holdsDetail(vaccines, 'price', 'How much do we charge for the chickenpox vaccine?')).toBe(true);
    expect(holdsDetail(vaccines.replace('We offer it privately', 'We offer travel vaccines privately'), 'price', 'How much do we charge for the chickenpox vaccine?')).toBe(false);
    // "this" as a determiner refers to nothing said before.
    const practice = '# Baby Clinic\n\n## Vaccines not on the schedule\n\nChickenpox vaccine is not on the NHS schedule. At this practice, a private travel consultation costs £25.';
    expect(holdsDetail(practice, 'price', 'How much do we charge for the chickenpox vaccine?')).toBe(false);
  });
});

describe('details blind set 12 found missed (own documents, 2026-12-07, thirty-fifth session)', () => {
  it('reads a make and model, a supplier asked by name, and Spanish typed as a text message', () => {
    expect(asked('q marca y modelo son nuestros desfibriladores?')).toBe('maker');
    expect(asked('¿Qué marca y modelo son los desfibriladores?')).toBe('maker');
    expect(asked('What make and model is the defibrillator?')).toBe('maker');
    expect(asked('What is the name of the NHS stationery supplier we order FP10 forms from?')).toBe('maker');
    expect(asked('¿Cómo se llama la empresa que recoge los residuos?')).toBe('maker');
    // A name asked of a form, a texted "q" before no word, a model of care: no maker.
    expect(asked('What is the name of the form we use?')).toBeNull();
    expect(asked('q tal el paciente de ayer?')).toBeNull();
    expect(asked('What model of care do we follow?')).toBeNull();
  });

  it('reads "¿me pasas el número para…?" as asking for a number to ring, not a count or a record number', () => {
    expect(asked('¿me pasas el numero para que el paciente se reserve el mismo el transporte al hospital?')).toBe('phone');
    expect(asked('¿Me das el número de contacto de la empresa?')).toBe('phone');
    expect(asked('¿me pasas el número de pacientes de hoy?')).not.toBe('phone');
    expect(asked('¿me pasas el número de historia del paciente?')).not.toBe('phone');
  });

  it('reads when an event is, the hours of a line and a date, not when something is needed or done', () => {
    for (const question of ['When is the staff Christmas party this year?', '¿Cuándo es la reunión mensual de protección de menores?', 'What hours is the booking line open?', '¿Qué fecha es la formación de soporte vital?', 'On what date does the leave year start?']) {
      expect(asked(question), question).toBe('time');
    }
    for (const question of ['When is a chaperone needed?', 'When is the bag checked?', '¿Cuándo es necesario avisar al médico?', 'How many hours of training do we need?', 'When is it safe to restart?']) {
      expect(asked(question), question).not.toBe('time');
    }
  });

  it('finds a date next to the event asked about, not a date elsewhere', () => {
    const party = '# Staff Social Events\n\n## Christmas\n\n- The staff Christmas party is on 18 December at the Red Lion.\n\n## Leave\n\n- The leave year runs from 1 April.';
    expect(holdsDetail(party, 'time', 'When is the staff Christmas party this year?')).toBe(true);
    expect(holdsDetail(party.replace('is on 18 December at', 'is held at'), 'time', 'When is the staff Christmas party this year?')).toBe(false);
  });

  it('takes no person and no initials for a maker', () => {
    const pads = '# Defibrillator Checks\n\n## Pads\n\n- The surgery has two automated external defibrillators (AEDs).\n- New pads are reordered from the supplier by the practice manager, Gareth Lindqvist, using the order form.';
    expect(namesMaker(pads, 'Which supplier do we order new defibrillator pads from?')).toBe(false);
    expect(namesMaker(pads, 'What brand are our defibrillators?')).toBe(false);
    expect(namesMaker(pads.replace('from the supplier', 'from Lifeline Medical Ltd'), 'Which supplier do we order new defibrillator pads from?')).toBe(true);
    expect(namesMaker(pads.replace('defibrillators (AEDs)', 'Zoll defibrillators'), 'What brand are our defibrillators?')).toBe(true);
  });

  it('counts forms kept of what the question counts, without places the question shares by "must"', () => {
    const stock = '# FP10 Printer Jams\n\n## Stock\n\n- Blank forms must never be left in the printer trays overnight.\n- The practice keeps a minimum of 2,000 blank forms in stock.';
    // The question and its English form as the app reads them ("hay que tener" → "must").
    const question = 'cuantos FP10 en blanco hay que tener como minimo en el almacen?\nFP10 blank must at least storeroom stock room';
    expect(holdsDetail(stock, 'count', question)).toBe(true);
    expect(holdsDetail(stock.replace('a minimum of 2,000 blank forms', 'enough blank forms'), 'count', question)).toBe(false);
  });

  it('does not take the asker’s own leave for someone stood in for', () => {
    const leave =
      '# Staff Annual Leave\n\n## Entitlement\n\n- Full-time staff receive 27 days of annual leave.\n\n## Requests\n\n- Receptionists send requests to Bethany Cole.\n\n## Sickness\n\n- If you are ill during annual leave, tell Bethany Cole on the first day.';
    // The question and its English form as the app reads them.
    const question = 'si Bethany esta de vacaciones, quien me aprueba a mi las vacaciones?\nif Bethany on annual leave holiday who pass approve holiday';
    expect(holdsDetail(leave, 'cover', question)).toBe(false);
    expect(holdsDetail(leave.replace('Bethany Cole.\n', "Bethany Cole. During Bethany's annual leave, the practice manager approves requests.\n"), 'cover', question)).toBe(true);
  });

  it('reads "¿desde qué edad…?" as asking for an age, and finds one next to what is asked, not a length of time', () => {
    for (const question of ['¿Desde qué edad se les ofrece la revisión anual?', '¿A partir de qué edad empezamos a citar a las mujeres?', 'From what age do we syringe children’s ears?', 'Is there an age limit for the flu clinic?']) {
      expect(asked(question), question).toBe('age');
    }
    expect(asked('Si el bebé nació prematuro, ¿las vacunas se le ponen según la edad real o la corregida?')).not.toBe('age');
    const checks = '# Learning Disability Health Checks\n\n## Who is invited\n\n- Every patient on the register aged 14 and over is offered an annual health check.';
    expect(holdsDetail(checks, 'age', '¿Desde qué edad se les ofrece la revisión anual?\nsince age offer annual review')).toBe(true);
    expect(holdsDetail(checks.replace('aged 14 and over', 'within 14 days of joining'), 'age', '¿Desde qué edad se les ofrece la revisión anual?\nsince age offer annual review')).toBe(false);
    expect(holdsDetail('# Ear Care\n\n## Children\n\n- Children over 12 are seen in the nurse clinic.', 'age', 'From what age do we see children in the ear clinic?')).toBe(true);
    expect(holdsDetail('# Ear Care\n\n## Children\n\n- Children are seen over 12 weeks after referral.', 'age', 'From what age do we see children in the ear clinic?')).toBe(false);
  });

  it('reads "¿en qué mes…?" as asking when, and takes a month for it only then', () => {
    expect(asked('¿En qué mes es la reunión trimestral de quejas?')).toBe('time');
    expect(asked('Which month is the fire drill?')).toBe('time');
    const drill = '# Fire Safety\n\n## Drills\n\n- A full evacuation drill is held every April.';
    expect(holdsDetail(drill, 'time', 'Which month is the fire drill?')).toBe(true);
    expect(holdsDetail(drill, 'time', 'What time is the fire drill?')).toBe(false);
    expect(holdsDetail(drill.replace('every April', 'once a year'), 'time', 'Which month is the fire drill?')).toBe(false);
    // "may" written small is a verb.
    expect(holdsDetail('# Fire Safety\n\n## Drills\n\n- A drill may be held at short notice.', 'time', 'Which month is the fire drill?')).toBe(false);
  });

  it('reads "¿a quién aviso si me pongo mala de vacaciones?" as whom to tell, not who stands in for someone away', () => {
    expect(asked('oye si me pongo mala estando de vacaciones a quien tengo que avisar?')).toBeNull();
    expect(asked('if fall ill on annual leave who have to tell')).toBeNull();
    expect(asked('If I’m off sick, who do I call?')).toBeNull();
    // Someone else away: who stands in.
    expect(asked('Si la doctora Rahman está de baja, ¿a quién se lo cuento?')).toBe('cover');
    expect(asked('Who do I tell if the practice manager is off?')).toBe('cover');
  });

  it('does not take the document’s review date for when something happens', () => {
    const shredding = '# FP10 Printer Jams\n\n**Brookfield Lane Surgery — Review date: 31 October 2026**\n\n## Voids\n\n- Voided forms are destroyed by shredding once a month.';
    expect(holdsDetail(shredding, 'time', 'que dia del mes se trituran los FP10 anulados?\nwhat day months crush FP10 cancel')).toBe(false);
    expect(holdsDetail(shredding.replace('once a month', 'on 28 October'), 'time', 'que dia del mes se trituran los FP10 anulados?\nwhat day months crush FP10 cancel')).toBe(true);
  });
});

describe('what the review of the set 12 checks found (2026-12-07, thirty-fifth session)', () => {
  it('takes a two-word brand for a maker and only a name after a role or title for a person', () => {
    expect(namesMaker('- The practice has a Philips HeartStart FRx in reception.', 'What make and model is the defibrillator?')).toBe(true);
    expect(namesMaker('- Sharps bins are Daniels Sharpsmart units.', 'What brand are the sharps bins?')).toBe(true);
    expect(namesMaker('- New pads are reordered from the supplier by the practice manager, Gareth Lindqvist.', 'Which supplier do we order new pads from?')).toBe(false);
  });

  it('still reads someone on leave as a stand-in cue, but not leave said to "you"', () => {
    const question = 'Who signs it off if the practice manager is away?';
    expect(holdsDetail('# Results\n\n- When the practice manager is on annual leave, Priya Shah signs it off.', 'cover', question)).toBe(true);
    expect(holdsDetail("# Results\n\n- During annual leave, each GP's results are reviewed by their buddy GP.", 'cover', 'Dr Patel is off on leave, who looks at her results?')).toBe(true);
    expect(holdsDetail('# Clinic\n\n- Lead nurse off sick: the senior HCA runs the clinic.', 'cover', 'Who runs the clinic if the lead nurse is off?')).toBe(true);
    expect(holdsDetail('# Clinic\n\n- If you are off sick, ring the lead nurse.', 'cover', 'Who runs the clinic if the lead nurse is off?')).toBe(false);
    // Someone else's absence in a sentence said to "you" still counts.
    const induction = '# New Starter Induction\n\n## Day 1\n\n- Diane meets you, or Lisa Morgan, Assistant Practice Manager, if Diane is away.';
    expect(holdsDetail(induction, 'cover', 'If Diane is not in on the first day, who meets the new starter?')).toBe(true);
  });

  it('keeps a cover question when the asker speaks of themselves but not of their own absence', () => {
    expect(asked('If the practice manager is off and I am on call, who do I tell?')).toBe('cover');
    expect(asked('¿A quién llamo si estoy en recepción y la enfermera está de baja?')).toBe('cover');
  });

  it('reads "when is the…" as a time only for a named event', () => {
    for (const question of ['When is the follow-up after a coil fitting?', 'When is the dressing change?', '¿Cuándo es la segunda dosis?']) expect(asked(question), question).toBeNull();
    for (const question of ['¿Cuándo es la comida de Navidad?', 'When is the next Red Cross first aid course?', "When's the next practice meeting?", 'When is the staff meeting scheduled?']) {
      expect(asked(question), question).toBe('time');
    }
  });

  it('reads ages of infants, not weights, clock times or years something is kept', () => {
    const question = 'From what age do children get it?';
    expect(holdsDetail('# Doses\n\n- Children under 50 kg receive 15 mg/kg.', 'age', question)).toBe(false);
    expect(holdsDetail('# Ear\n\n- Children from 8:30 are seen in the ear clinic.', 'age', question)).toBe(false);
    expect(holdsDetail('# Fridge\n\n- Los registros se guardan 5 años.', 'age', question)).toBe(false);
    expect(holdsDetail('# Flu\n\n- Children aged 6 months and over are offered the vaccine.', 'age', question)).toBe(true);
    expect(holdsDetail('# Baby\n\n- Babies are seen from 6 weeks of age.', 'age', question)).toBe(true);
    expect(asked('¿A qué edad se pone la vacuna de la tos ferina?')).toBe('age');
    expect(asked('How old does a prescription have to be before it expires?')).not.toBe('age');
  });

  it('leaves out only a date keyed as the document’s own, unless the question asks about the review', () => {
    expect(holdsDetail('# Fire\n\n- The fire risk assessment review is on 1 April each year.', 'time', 'What date is the fire risk assessment review?')).toBe(true);
    expect(holdsDetail('# Chaperones\n\n**Review date: 30 September 2027**\n\n## Scope\n\n- All staff.', 'time', '¿Cuál es la fecha de revisión del protocolo?')).toBe(true);
    expect(holdsDetail('# Appraisal\n\n**Date: 3 May 2026**\n\n## Appraisal\n\n- Appraisals are held once a year.', 'time', 'When is the annual appraisal?')).toBe(false);
  });

  it('reads months as written, not "march" or "May be", nor a month of pregnancy', () => {
    expect(holdsDetail('# Fire\n\n- Staff march patients to the car park assembly point.', 'time', 'Which month is the fire drill?')).toBe(false);
    expect(holdsDetail('# Fire\n\n- May be updated by the fire officer.', 'time', 'Which month is the fire drill?')).toBe(false);
    expect(asked('Which month of pregnancy is the whooping cough vaccine given?')).toBeNull();
  });

  it('reads a maker asked by name with "del", not a person at the firm', () => {
    expect(asked('¿Cuál es el nombre del proveedor de guantes?')).toBe('maker');
    expect(asked('What is the name of the supplier rep we deal with?')).toBeNull();
    expect(asked('What hours of training do we need?')).toBeNull();
  });
});
