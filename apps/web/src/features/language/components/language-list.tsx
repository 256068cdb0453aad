// The 16 interface languages by their own names; choosing one switches the app at once
// and tells the screen (which may save the choice elsewhere).
import { CheckList } from 'antd-mobile';
import { setLanguage, useTranslation } from '../../../lib/i18n.ts';
import { LANGUAGES } from '@olive/protocol/languages';
import { toastSuccess } from '../../../lib/messages.ts';
import '../language.css';

export function LanguageList({ onChanged }: { onChanged?: (language: string) => void }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  return (
    <CheckList
      className="language-list"
      value={[current]}
      onChange={(values) => {
        const next = values[0];
        if (typeof next !== 'string' || next === current) return;
        void setLanguage(next).then(() => {
          toastSuccess(t('language.changed'), 1500);
          onChanged?.(next);
        });
      }}
    >
      {LANGUAGES.map((language) => (
        <CheckList.Item
          key={language.code}
          value={language.code}
          data-testid={`language-${language.code}`}
          description={language.locale}
        >
          <span lang={language.locale} dir={language.dir}>
            {language.name}
          </span>
        </CheckList.Item>
      ))}
    </CheckList>
  );
}
