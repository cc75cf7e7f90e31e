import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { englishStopWords, foldText } from '../../core/text-folding.js';
import { textLanguage } from '../../retrieval/stemming.js';
import { packageRoot } from '../../paths.js';

/**
 * English banking words in the Spanish catalog's own words (kb/catalog/glossary-en-es.json): "which clients are
 * PEPs" is also searched as "clientes PEPs", so the keyword phase and its coverage read an English question that
 * the Spanish fields do not share a word with. A fallback beside the multilingual path (issue #20), as the foods'
 * Spanish glossary is for IFCT's English.
 */
export interface CatalogGlossary {
  /** The query with its English glossary terms in Spanish, or null when it has none. */
  translate(query: string): CatalogQueryTranslation | null;
}

export interface CatalogQueryTranslation {
  /** What the keyword phase also searches: Spanish for each glossary term, every other word as written but English stop words and lone letters. */
  spanish: string;
  /** What was translated, in query order, for the notice. */
  pairs: Array<{ english: string; spanish: string }>;
}

const glossaryFileSchema = z.object({
  version: z.literal(1),
  description: z.string(),
  entries: z.array(z.object({ en: z.array(z.string().min(1)).min(1), es: z.string().min(1) })),
});

/** The glossary a catalog ships with (checked: a malformed file is an error at start-up, not a silent no-op). */
export function loadCatalogGlossary(path = join(packageRoot(), 'kb', 'catalog', 'glossary-en-es.json')): CatalogGlossary {
  const file = glossaryFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
  return createCatalogGlossary(file.entries);
}

/**
 * The English forms a written term also stands for: the plural in -s, in -es after s, x, z, ch or sh ("taxes"), and
 * -y → -ies. Not "-es" after anything else: "clientes" is a Spanish word, not a plural of "client".
 */
function inflections(word: string): string[] {
  const forms = [word, `${word}s`];
  if (/(?:s|x|z|ch|sh)$/u.test(word)) forms.push(`${word}es`);
  if (word.endsWith('y')) forms.push(`${word.slice(0, -1)}ies`);
  return forms;
}

export function createCatalogGlossary(entries: ReadonlyArray<{ en: readonly string[]; es: string }>): CatalogGlossary {
  // Each English phrase's folded words, last word inflected, mapped to its Spanish.
  const byPhrase = new Map<string, string>();
  let longest = 0;
  for (const { en, es } of entries) {
    for (const term of en) {
      const words = wordsOf(foldText(term)).map((word) => word.text);
      const last = words.at(-1);
      if (last === undefined) continue;
      longest = Math.max(longest, words.length);
      for (const form of inflections(last)) {
        const key = [...words.slice(0, -1), form].join(' ');
        if (!byPhrase.has(key)) byPhrase.set(key, es);
      }
    }
  }
  return {
    translate(query) {
      // Only an English question: a Spanish one is in the catalog's language already, whatever acronym or loanword
      // it uses ("¿cuál es el VaR de la mesa?", "libro de trading").
      if (textLanguage(query) !== 'en') return null;
      const words = wordsOf(query);
      const folded = words.map((word) => foldText(word.text));
      const parts: string[] = [];
      const pairs: CatalogQueryTranslation['pairs'] = [];
      for (let index = 0; index < words.length;) {
        let matched = 0;
        for (let length = Math.min(longest, words.length - index); length > 0 && matched === 0; length--) {
          const spanish = byPhrase.get(folded.slice(index, index + length).join(' '));
          if (spanish === undefined) continue;
          const first = words[index] as Word;
          const last = words[index + length - 1] as Word;
          // The user's own span ("write-offs", "P&L"), not the words re-joined.
          pairs.push({ english: query.slice(first.start, last.end), spanish });
          parts.push(spanish);
          matched = length;
        }
        if (matched > 0) {
          index += matched;
          continue;
        }
        // A lone letter is the "s" of "customer's", not a word of the question.
        const word = folded[index] as string;
        if (!englishStopWords.has(word) && !/^\p{L}$/u.test(word)) parts.push((words[index] as Word).text);
        index += 1;
      }
      return pairs.length === 0 ? null : { spanish: parts.join(' '), pairs };
    },
  };
}

interface Word {
  text: string;
  start: number;
  end: number;
}

/** The words of a text (letters and digits) with where each starts and ends in it. */
function wordsOf(text: string): Word[] {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));
}
