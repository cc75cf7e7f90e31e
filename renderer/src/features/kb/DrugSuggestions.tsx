import { useTranslation } from 'react-i18next';
import { useOperation } from '../../api/context';
import { asLanguage } from '../../i18n/format';
import { drugSuggestions, withSuggestion } from './drug-suggestions';

/** Drug names the cards know that complete the word being typed (generic, brand or Spanish name). */
export function DrugSuggestions({ text, onPick }: { text: string; onPick: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const [names] = useOperation('kb.drugs', {});
  const suggestions = names.state === 'ready' ? drugSuggestions(names.value, text, asLanguage(i18n.language)) : [];
  if (suggestions.length === 0) return null;
  return (
    <div className="drug-suggestions">
      <span id="drug-suggestions-label" className="muted small-text">
        {t('kb.drugSuggestions')}
      </span>
      <ul className="chips" aria-labelledby="drug-suggestions-label">
        {suggestions.map((suggestion) => (
          <li key={suggestion.generic}>
            <button type="button" className="chip" lang={suggestion.language} onClick={() => onPick(withSuggestion(text, suggestion.term))}>
              {suggestion.term}
              {suggestion.term.toLowerCase() !== suggestion.generic && <span className="muted"> ({suggestion.generic})</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
