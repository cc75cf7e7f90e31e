import { readingsOf, roundToScale } from './figures.js';

/**
 * A number written with exactly `decimals` decimals, rounded half away from zero on its decimal digits (not on
 * its binary float), so 409.49999999999994 (a product in SQLite) is written "409.5" and 0.25 to 1 decimal "0.3".
 * The grounding check rounds the same way.
 */
export function formatDecimal(value: number, decimals = 1): string {
  const negative = value < 0;
  const digits = Math.abs(value).toFixed(Math.max(decimals + 6, 9));
  const rounded = roundToScale(readingsOf(digits)[0] as { mantissa: bigint; scale: number }, decimals).toString().padStart(decimals + 1, '0');
  const whole = decimals === 0 ? rounded : rounded.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : `.${rounded.slice(-decimals)}`;
  const text = `${whole}${fraction}`;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}
