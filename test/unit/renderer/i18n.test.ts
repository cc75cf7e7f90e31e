import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/src/i18n/en.js';
import { es } from '../../../renderer/src/i18n/es.js';

function keysOf(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string).sort();
}

describe('translations', () => {
  it('Spanish and English have the same keys', () => {
    expect(keysOf(es).sort()).toEqual(keysOf(en).sort());
  });

  it('every message keeps its placeholders in both languages', () => {
    const lookup = (messages: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
    for (const key of keysOf(en)) expect(placeholders(lookup(es, key)), key).toEqual(placeholders(lookup(en, key)));
  });

  it('no message is left empty', () => {
    const lookup = (messages: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
    for (const key of keysOf(es)) expect(lookup(es, key).trim().length, key).toBeGreaterThan(0);
  });
});
