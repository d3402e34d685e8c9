/**
 * A text per language for a reply: en first and required, the others optional (players in a
 * language without text get en). Shared by the saved reply form and the per-language batch reply.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Typography } from 'antd';
import { replyLanguages } from '@gp/contracts/desk';
import type { TextsDraft, TextsProblems } from '../model/reply-texts.ts';
import { maxReplyLength } from '../model/reply-validation.ts';
import { ToneText } from './tone-text.tsx';
import layout from '../../../lib/layout.module.css';

export const emptyTexts: TextsDraft = { en: '', th: '', cn: '', vi: '', zh: '' };

export function ReplyTextsFields({
  value,
  onChange,
  errors = {},
}: {
  value: TextsDraft;
  onChange: (next: TextsDraft) => void;
  /** A problem per language, shown under its text. */
  errors?: TextsProblems;
}) {
  const { t } = useTranslation('desk');
  const base = useId();
  return (
    <div>
      <Typography.Paragraph type="secondary" id={`${base}-vars`}>
        {t('replies.variables')}
      </Typography.Paragraph>
      {replyLanguages.map((lang) => {
        const id = `${base}-${lang}`;
        const error = errors[lang];
        return (
          <div key={lang} className={layout.gapBelowSmall}>
            <label htmlFor={id} className={layout.fieldLabel}>
              {t('replies.fieldText', { language: t(`replies.lang.${lang}`) })}{' '}
              <Typography.Text type="secondary">
                ({lang === 'en' ? t('replies.required') : t('replies.optional')})
              </Typography.Text>
            </label>
            <Input.TextArea
              id={id}
              lang={lang === 'cn' ? 'zh-Hans' : lang === 'zh' ? 'zh-Hant' : lang}
              rows={lang === 'en' ? 4 : 3}
              value={value[lang]}
              required={lang === 'en'}
              status={error ? 'error' : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={[`${base}-vars`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
              showCount={{ formatter: ({ count }) => `${count} / ${maxReplyLength}` }}
              onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
            />
            {error && (
              <ToneText tone="danger" id={`${id}-error`}>
                {error}
              </ToneText>
            )}
          </div>
        );
      })}
    </div>
  );
}
