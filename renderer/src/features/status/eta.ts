/** Seconds left at the pace so far (from the first progress seen), or null until there is a pace to go by. */
export function secondsLeft(start: { at: number; done: number }, now: { at: number; done: number }, total: number): number | null {
  const done = now.done - start.done;
  const elapsed = (now.at - start.at) / 1000;
  if (done <= 0 || elapsed <= 0 || total <= now.done) return total <= now.done && done > 0 ? 0 : null;
  return Math.ceil(((total - now.done) * elapsed) / done);
}
