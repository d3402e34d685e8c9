/**
 * The per-language batch reply: the agent picks a saved reply (its texts can be adjusted for
 * this batch), previews what each ticket receives - grouped by the language of the text, each ticket's text
 * with its variables filled by the server - and only then sends. Each ticket gets the text in its own language,
 * or en when the reply has none in it.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Select, Typography } from 'antd';
import { replyLanguages, type BatchReplyPreviewItem, type DeskTicketSummary } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import { errorText } from '@gp/i18n';
import { deskCalls, savedReplyCalls } from '../api/tickets.calls.ts';
import { useCallResult } from '../api/use-call-result.ts';
import { deskErrorText } from '../model/desk-errors.ts';
import { checkTexts, draftOf, type TextsDraft, type TextsProblems } from '../model/reply-texts.ts';
import { emptyTexts, ReplyTextsFields } from './reply-texts-fields.tsx';
import { ToneText } from './tone-text.tsx';
import layout from '../../../lib/layout.module.css';
import desk from './desk.module.css';

type BatchResults = Awaited<ReturnType<typeof deskCalls.batchReply>>['list'];

export function LanguageBatch({
  tickets,
  onSent,
  onCancel,
}: {
  tickets: DeskTicketSummary[];
  onSent: (list: BatchResults) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('desk');
  const ids = { pick: useId(), status: useId() };
  const saved = useCallResult('saved-replies', () => savedReplyCalls.list({}));
  const [savedId, setSavedId] = useState<number | undefined>(undefined);
  const [texts, setTexts] = useState<TextsDraft>(emptyTexts);
  const [status, setStatus] = useState<1 | 2>(2);
  const [problems, setProblems] = useState<TextsProblems>({});
  const [preview, setPreview] = useState<BatchReplyPreviewItem[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const workOrders = tickets.map((x) => x.work_order_id);
  const titles = new Map(tickets.map((x) => [x.work_order_id, x.question_title]));
  const languageName = (lang: string) =>
    (replyLanguages as readonly string[]).includes(lang)
      ? t(`replies.lang.${lang}` as 'replies.lang.en')
      : lang;

  const showPreview = () => {
    if (busy) return;
    if (savedId === undefined) {
      setFailure(t('replies.pickFirst'));
      return;
    }
    const checked = checkTexts(texts, t);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    setFailure(null);
    setBusy(true);
    deskCalls
      .previewBatchReply({ work_order_list: workOrders, reply_texts: checked.value })
      .then(
        ({ list }) => setPreview(list),
        (error: unknown) => setFailure(deskErrorText(t, error)),
      )
      .finally(() => setBusy(false));
  };

  const send = () => {
    if (busy) return;
    setFailure(null);
    setBusy(true);
    deskCalls
      .batchReply({ work_order_list: workOrders, reply_texts: texts, reply_status: status })
      .then(
        ({ list }) => onSent(list),
        (error: unknown) => setFailure(deskErrorText(t, error)),
      )
      .finally(() => setBusy(false));
  };

  const failureAlert = failure && (
    <Alert type="error" showIcon title={failure} className={layout.gapBelowSmall} role="alert" />
  );

  if (preview) {
    const sendable = preview.filter((p) => p.code === codes.ok);
    const refused = preview.filter((p) => p.code !== codes.ok);
    return (
      <section aria-labelledby={`${ids.pick}-preview`}>
        <Typography.Title level={3} id={`${ids.pick}-preview`} className={layout.large}>
          {t('replies.previewTitle')}
        </Typography.Title>
        {failureAlert}
        {replyLanguages.map((lang) => {
          const items = sendable.filter((p) => p.lang === lang);
          if (items.length === 0) return null;
          const headingId = `${ids.pick}-lang-${lang}`;
          return (
            <section key={lang} aria-labelledby={headingId} className={layout.gapBelow}>
              <Typography.Title level={4} id={headingId} className={layout.minorTitle}>
                {t('replies.previewLanguage', { language: languageName(lang), count: items.length })}
              </Typography.Title>
              <ul className={layout.bullets}>
                {items.map((p) => (
                  <li key={p.work_order_id} className={layout.gapBelowTight}>
                    <Typography.Text strong>
                      #{p.work_order_id} {titles.get(p.work_order_id) ?? ''}
                    </Typography.Text>
                    {p.ticket_lang !== p.lang && (
                      <div>
                        <Typography.Text type="secondary">
                          {t('replies.previewFallback', { language: languageName(p.ticket_lang ?? '') })}
                        </Typography.Text>
                      </div>
                    )}
                    <blockquote
                      lang={p.lang === 'cn' ? 'zh-Hans' : p.lang === 'zh' ? 'zh-Hant' : p.lang}
                      className={desk.quote}
                    >
                      {p.content}
                    </blockquote>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        {refused.length > 0 && (
          <ul className={layout.bulletsSpaced}>
            {refused.map((p) => (
              <li key={p.work_order_id}>
                <Typography.Text strong>
                  #{p.work_order_id} {titles.get(p.work_order_id) ?? ''}
                </Typography.Text>
                {' — '}
                <ToneText tone="danger">
                  {t('replies.previewRefused', { reason: errorText(t, 'staff', p.code) })}
                </ToneText>
              </li>
            ))}
          </ul>
        )}
        <Flex justify="flex-end" gap="small" className={layout.gapAbove}>
          <Button onClick={() => setPreview(null)}>{t('replies.back')}</Button>
          <Button type="primary" loading={busy} disabled={sendable.length === 0} onClick={send}>
            {t('batch.send', { count: sendable.length })}
          </Button>
        </Flex>
      </section>
    );
  }

  const options = (saved.data?.list ?? []).map((r) => ({ value: r.saved_reply_id, label: r.title }));
  return (
    <div>
      {failureAlert}
      <Flex wrap gap="middle" className={desk.pair}>
        <div className={desk.pairItem}>
          <label htmlFor={ids.pick} className={layout.fieldLabel}>
            {t('replies.pick')}
          </label>
          <Select<number>
            id={ids.pick}
            className={layout.fullWidth}
            value={savedId}
            placeholder={t('replies.pickPlaceholder')}
            loading={saved.loading}
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            notFoundContent={saved.error ? deskErrorText(t, saved.error) : t('replies.noneSaved')}
            onChange={(id) => {
              setSavedId(id);
              const item = saved.data?.list.find((r) => r.saved_reply_id === id);
              if (item) setTexts(draftOf(item.texts));
              setProblems({});
              setFailure(null);
            }}
          />
        </div>
        <div className={desk.pairItem}>
          <label htmlFor={ids.status} className={layout.fieldLabel}>
            {t('editor.type')}
          </label>
          <Select<1 | 2>
            id={ids.status}
            className={layout.fullWidth}
            value={status}
            onChange={setStatus}
            options={[
              { value: 2, label: t('editor.typeAnswer') },
              { value: 1, label: t('editor.typeInterim') },
            ]}
          />
        </div>
      </Flex>
      {savedId !== undefined && (
        <>
          <Typography.Paragraph type="secondary">{t('replies.textsHint')}</Typography.Paragraph>
          <ReplyTextsFields value={texts} onChange={setTexts} errors={problems} />
        </>
      )}
      <Flex justify="flex-end" gap="small" className={layout.gapAbove}>
        <Button onClick={onCancel}>{t('editor.cancel')}</Button>
        <Button type="primary" loading={busy} onClick={showPreview}>
          {t('replies.preview')}
        </Button>
      </Flex>
    </div>
  );
}
