import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../api/context';
import { AnswerView } from '../../components/answer/AnswerView';
import { SearchField } from '../../components/SearchField';
import { ErrorState, Loading } from '../../components/states';
import { asLanguage } from '../../i18n/format';
import { ProfilePicker, useProfile } from '../../profile/profile';

const exampleKeys = ['sodium', 'protein', 'calories'] as const;

/** "Ask your log": a question about the diary, answered only from its rows, every figure checked. */
export function AskScreen() {
  const { t, i18n } = useTranslation();
  const { profile } = useProfile();
  const [question, setQuestion] = useState('');
  const [answer, ask] = useAction('ask');
  // The answer follows the question's language; the screen's is used only when the question is too short to tell.
  const submit = (text: string) => void ask({ corpus: 'diary', question: text, profile, ui_language: asLanguage(i18n.language) });
  return (
    <section aria-labelledby="ask-title" className="screen">
      <header className="screen-header">
        <h1 id="ask-title">{t('ask.title')}</h1>
        <ProfilePicker />
      </header>
      <SearchField
        label={t('ask.label')}
        value={question}
        onChange={setQuestion}
        onSubmit={() => submit(question)}
        submitLabel={t('ask.submit')}
        placeholder={t('ask.placeholder')}
        busy={answer.state === 'running'}
        multiline
      />
      <div className="examples" role="group" aria-label={t('ask.examples')}>
        <span className="muted">{t('ask.examples')}</span>
        {exampleKeys.map((key) => (
          <button
            key={key}
            type="button"
            className="chip"
            onClick={() => {
              const text = t(`ask.example.${key}`);
              setQuestion(text);
              submit(text);
            }}
          >
            {t(`ask.example.${key}`)}
          </button>
        ))}
      </div>
      {answer.state === 'idle' && <p className="hint">{t('ask.intro')}</p>}
      {answer.state === 'running' && <Loading label={t('ask.thinking')} />}
      {answer.state === 'error' && <ErrorState message={answer.message} code={answer.code} />}
      {answer.state === 'done' && <AnswerView output={answer.value} />}
    </section>
  );
}
