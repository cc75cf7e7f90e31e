import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCatalogGlossary, loadCatalogGlossary } from '../../../main/corpora/catalog/catalog-glossary.js';
import { packageRoot } from '../../../main/paths.js';

const glossary = createCatalogGlossary([
  { en: ['client', 'customer'], es: 'cliente' },
  { en: ['deposit insurance'], es: 'seguro de depósitos' },
  { en: ['deposit'], es: 'depósito' },
  { en: ['past due', 'overdue'], es: 'vencido' },
  { en: ['liability'], es: 'pasivo' },
]);

describe('the catalog glossary', () => {
  it('puts English banking terms in Spanish, longest phrase first, plurals included, other words kept but stop words', () => {
    expect(glossary.translate('which clients are PEPs')).toEqual({ spanish: 'cliente PEPs', pairs: [{ english: 'clients', spanish: 'cliente' }] });
    expect(glossary.translate('how much of a customer’s savings is covered by Deposit Insurance')?.spanish).toBe('much cliente savings covered seguro de depósitos');
    expect(glossary.translate('past-due deposits and liabilities')?.pairs).toEqual([
      { english: 'past-due', spanish: 'vencido' },
      { english: 'deposits', spanish: 'depósito' },
      { english: 'liabilities', spanish: 'pasivo' },
    ]);
  });

  it('leaves a question with no glossary term alone', () => {
    expect(glossary.translate('saldo vencido del crédito')).toBeNull();
    expect(glossary.translate('')).toBeNull();
  });

  it('reads only an English question: a Spanish one keeps its acronyms and loanwords', () => {
    const acronyms = createCatalogGlossary([
      { en: ['var'], es: 'var valor en riesgo' },
      { en: ['trading'], es: 'negociación' },
    ]);
    expect(acronyms.translate('¿Cuál es el VaR de la mesa?')).toBeNull();
    expect(acronyms.translate('libro de trading')).toBeNull();
    expect(acronyms.translate('what is the VaR of the trading desk')?.pairs.map((pair) => pair.english)).toEqual(['VaR', 'trading']);
  });

  it('names each translated span as the user wrote it', () => {
    const spans = createCatalogGlossary([
      { en: ['write-off'], es: 'castigo' },
      { en: ['p&l'], es: 'resultado' },
    ]);
    expect(spans.translate('write-offs in the P&L by month')?.pairs).toEqual([
      { english: 'write-offs', spanish: 'castigo' },
      { english: 'P&L', spanish: 'resultado' },
    ]);
  });

  it('ships a glossary that reads every English term it lists, however long, as one phrase', () => {
    const file = JSON.parse(readFileSync(join(packageRoot(), 'kb', 'catalog', 'glossary-en-es.json'), 'utf8')) as { entries: Array<{ en: string[]; es: string }> };
    const shipped = loadCatalogGlossary();
    const unread = file.entries.flatMap((entry) =>
      entry.en.filter((term) => {
        // A term made of stop words and single letters only has nothing to read ("p&l" is two letters): it is looked up inside a question.
        const pairs = shipped.translate(`what about ${term}`)?.pairs ?? [];
        return !(pairs.length === 1 && pairs[0]?.spanish === entry.es);
      }),
    );
    expect(unread).toEqual([]);
  });

  it('reads "customer balance overdue" (a blind user trial\'s words) as the overdue balance', () => {
    expect(loadCatalogGlossary().translate('customer balance overdue')?.spanish).toBe('cliente saldo vencido');
  });
});
