import type { Card } from './card.js';
import type { TokenCounter } from './token-counter.js';

/**
 * Version of the embedded-text formula: the card title, the section heading, then the passage with its
 * Markdown emphasis removed. Changing the formula or the chunking must change this (and so every hash).
 */
export const kbFormula = 'kb:title+section+passage:v1';

/** The model's window is 512 tokens; chunks stay within this budget, leaving a margin for tokenizer surprises. */
export const maxChunkTokens = 400;

/** One retrievable sub-chunk of a card: a whole `## ` section, or consecutive paragraphs of a long one. */
export interface CardChunk {
  cardId: string;
  /** 0-based position within the card, in reading order. */
  index: number;
  section: string;
  /** The Markdown of the passage, exactly as in the card. */
  passage: string;
  /** What the embedder sees: title and section give a paragraph its context. */
  embedText: string;
  /** Tokens of `embedText` as counted by the counter used. */
  tokens: number;
}

/** The embedded text of a passage (formula `kbFormula`). */
export function chunkEmbedText(title: string, section: string, passage: string): string {
  const plain = passage.replace(/\*\*|__|`/g, '');
  return `${title}\n${section}\n${plain}`;
}

interface Piece {
  text: string;
  /** What joins this piece to the previous one when both land in the same chunk. */
  joiner: string;
}

/** Splits text that does not fit into smaller pieces: paragraphs, then lines, then sentences, then words. */
function pieces(text: string, fits: (passage: string) => boolean): Piece[] {
  if (fits(text)) return [{ text, joiner: '\n\n' }];
  const levels: [RegExp, string][] = [
    [/\n[ \t]*\n+/, '\n\n'],
    [/\n/, '\n'],
    [/(?<=[.!?;:]["”’)]?)\s+(?=\S)/, ' '],
    [/\s+/, ' '],
  ];
  for (const [separator, joiner] of levels) {
    const parts = text.split(separator).map((part) => part.trim()).filter((part) => part.length > 0);
    if (parts.length < 2) continue;
    return parts.flatMap((part, index) =>
      pieces(part, fits).map((piece, pieceIndex) => ({ text: piece.text, joiner: pieceIndex === 0 ? (index === 0 ? '\n\n' : joiner) : piece.joiner })),
    );
  }
  // A single word longer than the window: it is kept whole and the embedder truncates it (never seen in cards).
  return [{ text, joiner: '\n\n' }];
}

/**
 * Splits a card into sub-chunks: one per `## ` section, and a section that does not fit the window is cut
 * between paragraphs (then lines, sentences, words), packing consecutive pieces greedily. Deterministic.
 */
export function chunkCard(card: Pick<Card, 'id' | 'title' | 'sections'>, counter: TokenCounter, maxTokens = maxChunkTokens): CardChunk[] {
  const chunks: CardChunk[] = [];
  for (const section of card.sections) {
    const embed = (passage: string) => chunkEmbedText(card.title, section.heading, passage);
    const fits = (passage: string) => counter.count(embed(passage)) <= maxTokens;
    const packed: string[] = [];
    let current: string | null = null;
    for (const piece of pieces(section.text, fits)) {
      if (current === null) {
        current = piece.text;
        continue;
      }
      const joined: string = current + piece.joiner + piece.text;
      if (fits(joined)) {
        current = joined;
      } else {
        packed.push(current);
        current = piece.text;
      }
    }
    if (current !== null) packed.push(current);
    for (const passage of packed) {
      const embedText = embed(passage);
      chunks.push({ cardId: card.id, index: chunks.length, section: section.heading, passage, embedText, tokens: counter.count(embedText) });
    }
  }
  return chunks;
}
