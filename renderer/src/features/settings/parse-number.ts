/** A number typed in a settings field, accepting a decimal comma; null when it is not a number. */
export function parseSettingNumber(text: string): number | null {
  const normalised = text.trim().replace(',', '.');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(normalised)) return null;
  return Number(normalised);
}
