/**
 * FAQ titles matching what the agent is writing (`faqTitleMatchCall`): the word being typed, or what they search
 * for in the small box, after a pause in typing. "Insert" puts the entry's text into the reply at the cursor.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Input, Typography } from 'antd';
import { deskCalls } from '../api/tickets.calls.ts';
import { deskErrorText } from '../model/desk-errors.ts';
import { useCallResult } from '../api/use-call-result.ts';
import { minKeywordLength } from '../model/current-word.ts';
import { useDebounced } from '../model/use-debounced.ts';
import { ToneText } from './tone-text.tsx';
import layout from '../../../lib/layout.module.css';
import desk from './desk.module.css';

export const faqDebounceMs = 350;

export function FaqSuggestions({
  typedWord,
  gameBaseId,
  onInsert,
  disabled,
}: {
  /** The word before the cursor in the reply. */
  typedWord: string;
  gameBaseId?: number;
  onInsert: (content: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('desk');
  const headingId = useId();
  const [search, setSearch] = useState('');
  const keywords = useDebounced((search.trim() || typedWord).trim(), faqDebounceMs);
  const wanted = keywords.length >= minKeywordLength ? keywords : null;
  const matches = useCallResult(wanted === null ? null : `faq:${gameBaseId ?? ''}:${wanted}`, () =>
    deskCalls.matchFaqTitles({ keywords: wanted ?? '', game_base_id: gameBaseId, page_size: 8 }),
  );
  const list = wanted === null ? [] : (matches.data?.list ?? []);

  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} className={`${layout.minorTitle} ${layout.flushTop}`}>
        {t('faq.heading')}
      </Typography.Title>
      <Input
        type="search"
        aria-label={t('faq.search')}
        placeholder={t('faq.search')}
        allowClear
        maxLength={100}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <div aria-live="polite" className={layout.gapAboveTight}>
        {wanted === null ? (
          <Typography.Text type="secondary">{t('faq.hint')}</Typography.Text>
        ) : matches.error ? (
          <ToneText tone="danger">{deskErrorText(t, matches.error)}</ToneText>
        ) : !matches.loading && list.length === 0 ? (
          <Typography.Text type="secondary">{t('faq.none', { keywords: wanted })}</Typography.Text>
        ) : null}
      </div>
      {list.length > 0 && (
        <ul className={`${layout.plainList} ${desk.suggestions}`}>
          {list.map((faq) => (
            <Flex component="li" key={faq.question_id} gap="small" align="center" className={desk.suggestion}>
              <span className={layout.grow}>{faq.question_title}</span>
              <Button
                size="small"
                disabled={disabled}
                aria-label={t('faq.insertTitle', { title: faq.question_title })}
                onClick={() => onInsert(faq.question_content)}
              >
                {t('faq.insert')}
              </Button>
            </Flex>
          ))}
        </ul>
      )}
    </section>
  );
}
