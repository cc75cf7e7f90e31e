import { useCallback, useEffect, useRef } from 'react';

/** Calls `reload` at most every `ms` milliseconds (and once more at the end of a burst), for live counts during a job. */
export function useThrottled(reload: () => void, ms: number): () => void {
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return useCallback(() => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      reload();
    } else if (!timer.current) {
      timer.current = setTimeout(() => {
        timer.current = null;
        last.current = Date.now();
        reload();
      }, wait);
    }
  }, [reload, ms]);
}
