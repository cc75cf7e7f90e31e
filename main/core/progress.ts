/** ", about 3 min left" from the rate so far; nothing until there is a rate to go by. */
export function etaOf(done: number, total: number, elapsedMs: number): string {
  if (done <= 0 || done >= total || elapsedMs < 1000) return '';
  const seconds = Math.ceil(((total - done) * elapsedMs) / done / 1000);
  if (seconds < 60) return `, about ${seconds} s left`;
  if (seconds < 3600) return `, about ${Math.round(seconds / 60)} min left`;
  return `, about ${(seconds / 3600).toFixed(1)} h left`;
}
