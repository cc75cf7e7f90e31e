import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readKbSource, shippedCardsDirectory } from '../../../main/corpora/kb/card-files.js';
import { firstActionUnit } from '../../../main/corpora/kb/kb-answer-lead.js';
import { packageRoot } from '../../../main/paths.js';

/**
 * The severity each shipped card carries, read from its own text (kb/clinical/README.md "Severity"). A change here is
 * a clinical decision: it belongs in the card's text first.
 */
const expected: Record<string, string | undefined> = {
  'ddi-acei-arb-potassium-spironolactone': 'monitor',
  'ddi-clopidogrel-omeprazole': 'avoid',
  'ddi-digoxin-amiodarone': 'monitor',
  'ddi-levothyroxine-calcium-iron': undefined,
  'ddi-lithium-nsaids-thiazides-acei': 'monitor',
  'ddi-maoi-tyramine': 'avoid',
  'ddi-metformin-iodinated-contrast': undefined,
  'ddi-methotrexate-trimethoprim': 'avoid',
  'ddi-opioids-benzodiazepines': 'avoid',
  'ddi-sildenafil-nitrates': 'contraindicated',
  'ddi-ssri-triptans-tramadol': 'monitor',
  'ddi-statins-clarithromycin-grapefruit': undefined,
  'ddi-warfarin-amiodarone': 'monitor',
  'ddi-warfarin-nsaids': 'avoid',
  'ddi-warfarin-tmp-smx': 'monitor',
  'esc-angioedema-anaphylaxis': 'emergency',
  'esc-anticoagulant-bleeding': 'emergency',
  'esc-chest-pain-heart-attack': 'emergency',
  'esc-hyperkalemia': 'emergency',
  'esc-hypoglycemia': 'emergency',
  'esc-lithium-toxicity': 'emergency',
  'esc-serotonin-syndrome': 'emergency',
  'esc-stroke-fast': 'emergency',
  'esc-suicidal-ideation': 'emergency',
};

describe('the shipped cards', () => {
  it('carry the severities their text supports, and only interaction and escalation cards carry one', async () => {
    const { cards } = await readKbSource(join(packageRoot(), shippedCardsDirectory));
    const severities = Object.fromEntries(cards.filter((card) => card.severity !== undefined || /^(ddi|esc)-/.test(card.id)).map((card) => [card.id, card.severity]));
    expect(severities).toEqual(expected);
  });

  it('each give the lead a "what to do" unit when they have a severity', async () => {
    const { cards } = await readKbSource(join(packageRoot(), shippedCardsDirectory));
    const without = cards.filter((card) => card.severity !== undefined && firstActionUnit(card.sections) === null).map((card) => card.id);
    expect(without).toEqual([]);
  });
});
