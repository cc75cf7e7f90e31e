import { useId } from 'react';

/** A labelled progress bar; an unknown total shows an indeterminate bar. */
export function ProgressBar({ label, done, total, text }: { label: string; done: number; total: number; text: string }) {
  const id = useId();
  return (
    <div className="progress">
      <label htmlFor={id}>{label}</label>
      {total > 0 ? <progress id={id} max={total} value={Math.min(done, total)} /> : <progress id={id} />}
      <span className="progress-text" aria-live="polite">
        {text}
      </span>
    </div>
  );
}
