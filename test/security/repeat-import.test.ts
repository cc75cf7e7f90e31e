/**
 * The guard against importing a diary CSV twice compares the entries, not the bytes: the same rows saved again
 * by a spreadsheet (another line ending, a blank line at the end, rows sorted differently) are the same import.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { useTempDirs } from '../helpers/temp.js';

const tempDir = useTempDirs();
const editor = { transport: 'cli', role: 'editor' } as const;
let services: Services;
let code: string;

beforeEach(async () => {
  services = await createServices({ dataDir: tempDir(), embedder: null });
  services.profiles.ensure('ana', 'Ana');
  const food = await services.dispatcher.call('foods.add', { profile: 'ana', name: 'Arepa', per100g: { energy_kcal: 220 } }, editor);
  if (!food.ok) throw new Error(food.error.message);
  code = (food.value as { code: string }).code;
});

afterEach(async () => {
  await services.close();
});

const entries = () => (services.db.prepare("SELECT count(*) AS n FROM diary_entries WHERE profile = 'ana'").get() as { n: number }).n;

function rows(): string[] {
  return ['date,meal,food_code,grams', `2025-06-01,breakfast,${code},80`, `2025-06-01,lunch,${code},150`, `2025-06-02,dinner,${code},120.5`];
}

describe('importing a diary CSV again', () => {
  it.each([
    ['a trailing blank line', (lines: string[]) => `${lines.join('\n')}\n\n`],
    ['CRLF line endings', (lines: string[]) => `${lines.join('\r\n')}\r\n`],
    ['its rows in another order', (lines: string[]) => [lines[0], ...lines.slice(1).reverse()].join('\n')],
  ])('with %s is recognised as the same import and adds nothing', async (_label, rewrite) => {
    const first = await services.dispatcher.call('diary.import', { profile: 'ana', csv: rows().join('\n') }, editor);
    expect(first.ok).toBe(true);
    const again = await services.dispatcher.call('diary.import', { profile: 'ana', csv: rewrite(rows()) }, editor);
    expect(again.ok).toBe(false);
    expect(!again.ok && again.error.code).toBe('conflict');
    expect(entries()).toBe(3);
  });
});
