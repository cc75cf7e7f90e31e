import type { Food } from '../../../shared/contract.js';
import { callOperation } from '../call.js';
import { UsageError, type Command } from '../command.js';

function parsePer100g(raw: unknown): unknown {
  if (typeof raw !== 'string') throw new UsageError('--per100g is required, e.g. \'{"energy_kcal": 250, "protein": 9}\'');
  try {
    return JSON.parse(raw);
  } catch {
    throw new UsageError(`--per100g is not valid JSON: ${raw.slice(0, 80)}`);
  }
}

/** `cita food add`: a profile's own food. */
export const foodAddCommand: Command = {
  words: ['food', 'add'],
  summary: "Add a food to a profile's own catalog (nutrients per 100 g)",
  usage: 'cita food add --name N [--brand B] --per100g \'{"energy_kcal":..,"sodium":..}\' [--profile P] [--json]',
  options: { name: { type: 'string' }, brand: { type: 'string' }, per100g: { type: 'string' }, profile: { type: 'string' } },
  async run(context) {
    const { name, brand, profile } = context.values;
    const food = (await callOperation(context, 'foods.add', {
      name: name ?? '',
      ...(brand !== undefined ? { brand } : {}),
      per100g: parsePer100g(context.values.per100g),
      ...(profile !== undefined ? { profile } : {}),
    })) as Food;
    context.print(food, `added ${food.code}: ${food.name}${food.brand ? ` (${food.brand})` : ''} for profile ${food.owner}`);
    return 0;
  },
};
