import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { searchTargetAttribute } from './shortcuts';

/**
 * The screen's search (or question) box: a visible label, the shortcut hint, and the attribute the "/" and
 * Ctrl+K shortcut looks for. `onSubmit` makes it a form with a button (for questions); without it, it searches as you type.
 */
export function SearchField({
  label,
  value,
  onChange,
  onSubmit,
  submitLabel,
  placeholder,
  busy,
  multiline,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  submitLabel?: string;
  placeholder?: string;
  busy?: boolean;
  multiline?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const target = { [searchTargetAttribute]: '' };
  function submit(event: FormEvent) {
    event.preventDefault();
    if (value.trim().length > 0) onSubmit?.();
  }
  const field = multiline ? (
    <textarea
      id={id}
      {...target}
      rows={2}
      value={value}
      placeholder={placeholder}
      aria-describedby={hintId}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey) submit(event);
      }}
    />
  ) : (
    <input
      id={id}
      {...target}
      type="search"
      autoComplete="off"
      spellCheck={false}
      value={value}
      placeholder={placeholder}
      aria-describedby={hintId}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return (
    <form className="search-field" role={onSubmit ? undefined : 'search'} onSubmit={submit}>
      <label htmlFor={id}>{label}</label>
      <div className="search-row">
        {field}
        {onSubmit && (
          <button type="submit" disabled={busy || value.trim().length === 0}>
            {submitLabel ?? t('app.search')}
          </button>
        )}
        {children}
      </div>
      <p id={hintId} className="hint">
        {t('app.searchShortcut')}
      </p>
    </form>
  );
}
