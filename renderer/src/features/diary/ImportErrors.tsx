import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Why an import was refused: the headline, then the lines (or rows) it names, then what to do. */
export function ImportErrors({ message, details, children }: { message: string; details: readonly string[]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="state state-error import-errors" role="alert">
      <p className="state-headline">{message}</p>
      {details.length > 0 && (
        <ul aria-label={t('diary.importErrors')}>
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
