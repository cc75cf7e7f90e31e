/** Folds case and accents so "Cítrica", "citrica" and "CITRICA" are one term (ñ folds to n as well). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}+/gu, '').toLowerCase();
}

/** Splits folded text into word tokens (letters and digits; "vitamin-c" → "vitamin", "c"). */
export function tokenize(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
}

/** English function words that carry no retrieval signal (already folded). */
export const englishStopWords: ReadonlySet<string> = new Set([
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'can', 'do', 'does', 'for', 'from', 'how', 'i', 'if', 'in', 'into',
  'is', 'it', 'its', 'me', 'my', 'of', 'on', 'or', 'our', 'should', 'so', 'that', 'the', 'their', 'them', 'then',
  'there', 'these', 'they', 'this', 'to', 'was', 'we', 'were', 'what', 'when', 'where', 'which', 'who', 'why', 'will',
  'with', 'you', 'your', 'about', 'any', 'some', 'than', 'too', 'very', 'has', 'have', 'had', 'been', 'being', 'did',
]);

/** Spanish function words that carry no retrieval signal (already folded). */
export const spanishStopWords: ReadonlySet<string> = new Set([
  'a', 'al', 'como', 'con', 'cual', 'cuales', 'cuando', 'de', 'del', 'donde', 'el', 'ella', 'ellos', 'en', 'es', 'esa',
  'ese', 'eso', 'esta', 'este', 'esto', 'la', 'las', 'le', 'les', 'lo', 'los', 'mas', 'me', 'mi', 'mis', 'muy', 'no',
  'nos', 'o', 'para', 'pero', 'por', 'que', 'quien', 'se', 'si', 'sin', 'sobre', 'su', 'sus', 'te', 'tu', 'un', 'una',
  'unos', 'unas', 'y', 'ya', 'hay', 'son', 'fue', 'ser', 'estan', 'entre', 'hasta', 'desde', 'cada',
]);

/** Spanish and English function words together: for readers that do not know a text's language. */
export const stopWords: ReadonlySet<string> = new Set([...englishStopWords, ...spanishStopWords]);

/** Folded tokens without stop words: the terms both the index and the queries use. */
export function indexTerms(text: string): string[] {
  return tokenize(text).filter((token) => !stopWords.has(token));
}
