import { createHash } from 'node:crypto';

/** The hash stored beside a row's embedded text: formula version and text, so a formula change makes every vector stale. */
export function embedHash(formula: string, text: string): string {
  return createHash('sha256').update(formula).update('\n').update(text).digest('hex').slice(0, 32);
}
