import { readingsOf, roundToScale } from './figures.js';

/**
 * A number written with exactly `decimals` decimals, rounded half away from zero on its decimal digits (not on
 * its binary float), so 409.49999999999994 (a product in SQLite) is written "409.5" and 0.25 to 1 decimal "0.3".
 * The grounding check rounds the same way.
 */
export function formatDecimal(value: number, decimals = 1): string {
  const negative = value < 0;
  const digits = Math.abs(value).toFixed(Math.max(decimals + 6, 9));
  const rounded = roundToScale(readingsOf(digits)[0] as { mantissa: bigint; scale: number }, decimals)
    .toString()
    .padStart(decimals + 1, '0');
  const whole = decimals === 0 ? rounded : rounded.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : `.${rounded.slice(-decimals)}`;
  const text = `${whole}${fraction}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

/**
 * A number as a context cell writes it ("30801.4", "14") written the way `language` writes numbers, as the screens'
 * Intl formats do: English groups thousands with "," ("30,801.4", "2,300.0"); Spanish writes a decimal comma and
 * groups with "." from five digits ("30.801,4", "2300,0"). Only separators change, never a digit, so the grounding
 * check reads the same value back. Anything else is returned as it is.
 */
export function localizeNumber(text: string, language: 'es' | 'en'): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction] = match;
  const groupFrom = language === 'es' ? 5 : 4;
  const grouped = whole.length >= groupFrom ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'es' ? '.' : ',') : whole;
  return `${sign}${grouped}${fraction === undefined ? '' : `${language === 'es' ? ',' : '.'}${fraction}`}`;
}
