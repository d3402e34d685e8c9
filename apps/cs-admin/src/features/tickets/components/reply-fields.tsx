/**
 * The reply form shared by the ticket's editor and the batch reply: the reply type (interim answer or answer),
 * the text with its counter, and the FAQ titles matching what is being typed, insertable at the cursor.
 * Ctrl+Enter (Cmd+Enter on a Mac) sends.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Flex, Input, Row, Select, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import type { ReplyDraft } from '../model/reply-draft.ts';
import { maxReplyLength } from '../model/reply-validation.ts';
import { wordBeforeCaret } from '../model/current-word.ts';
import { FaqSuggestions } from './faq-suggestions.tsx';
import { ToneText } from './tone-text.tsx';
import layout from '../../../lib/layout.module.css';
import desk from './desk.module.css';

export interface ReplyFieldsProps {
  value: ReplyDraft;
  onChange: (draft: ReplyDraft) => void;
  onSubmit: () => void;
  /** Read-only (another agent holds the ticket, or the lock is not taken yet). */
  readOnly?: boolean;
  onFocus?: () => void;
  errors?: { content?: string; status?: string };
  /** The ticket's game, for FAQ entries of that game. */
  gameBaseId?: number;
  /** Focus the text when shown (the batch reply's dialog). */
  autoFocus?: boolean;
}

export function ReplyFields(props: ReplyFieldsProps) {
  const { value, onChange, onSubmit, readOnly, onFocus, errors, gameBaseId, autoFocus } = props;
  const { t, i18n } = useTranslation('desk');
  const ids = { status: useId(), content: useId(), counter: useId(), error: useId(), statusError: useId() };
  const area = useRef<TextAreaRef>(null);
  const selection = useRef({ start: value.reply_content.length, end: value.reply_content.length });
  /** Where the caret goes once an inserted FAQ text is on screen. */
  const caretAfterInsert = useRef<number | null>(null);
  const [typedWord, setTypedWord] = useState('');
  const length = value.reply_content.length;

  const remember = (el: HTMLTextAreaElement) => {
    selection.current = { start: el.selectionStart, end: el.selectionEnd };
    setTypedWord(wordBeforeCaret(el.value, el.selectionStart, i18n.language));
  };

  useLayoutEffect(() => {
    const caret = caretAfterInsert.current;
    if (caret === null) return;
    caretAfterInsert.current = null;
    const el = area.current?.resizableTextArea?.textArea;
    if (!el) return;
    el.focus();
    el.setSelectionRange(caret, caret);
    selection.current = { start: caret, end: caret };
  });

  const insert = (content: string) => {
    const text = value.reply_content;
    const start = Math.min(selection.current.start, text.length);
    const end = Math.min(Math.max(selection.current.end, start), text.length);
    onChange({ ...value, reply_content: text.slice(0, start) + content + text.slice(end) });
    caretAfterInsert.current = start + content.length;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit();
    }
  };

  const describedBy = [ids.counter, errors?.content ? ids.error : null].filter(Boolean).join(' ');
  return (
    <Row gutter={16}>
      <Col xs={24} lg={16}>
        <div className={layout.gapBelowSmall}>
          <label htmlFor={ids.status} className={layout.fieldLabel}>
            {t('editor.type')}
          </label>
          <Select<1 | 2>
            id={ids.status}
            className={`${layout.fullWidth} ${layout.fieldMax}`}
            value={value.reply_status}
            disabled={readOnly}
            status={errors?.status ? 'error' : undefined}
            aria-describedby={errors?.status ? ids.statusError : undefined}
            onChange={(reply_status) => onChange({ ...value, reply_status })}
            options={[
              { value: 2, label: t('editor.typeAnswer') },
              { value: 1, label: t('editor.typeInterim') },
            ]}
          />
          {errors?.status && (
            <ToneText tone="danger" id={ids.statusError}>
              {errors.status}
            </ToneText>
          )}
        </div>
        <label htmlFor={ids.content} className={layout.fieldLabel}>
          {t('editor.content')}
        </label>
        <Input.TextArea
          id={ids.content}
          ref={area}
          rows={7}
          value={value.reply_content}
          readOnly={readOnly}
          autoFocus={autoFocus}
          status={errors?.content || length > maxReplyLength ? 'error' : undefined}
          aria-invalid={errors?.content ? true : undefined}
          aria-describedby={describedBy}
          onFocus={onFocus}
          onKeyDown={onKeyDown}
          onSelect={(e) => remember(e.currentTarget)}
          onChange={(e) => {
            onChange({ ...value, reply_content: e.target.value });
            remember(e.target);
          }}
        />
        <Flex justify="space-between" gap="small" className={desk.lineBelow}>
          <ToneText tone="danger" id={ids.error}>
            {errors?.content ?? ''}
          </ToneText>
          {length > maxReplyLength ? (
            <ToneText tone="danger" id={ids.counter}>
              {t('editor.counter', { count: length, max: maxReplyLength })}
            </ToneText>
          ) : (
            <Typography.Text type="secondary" id={ids.counter}>
              {t('editor.counter', { count: length, max: maxReplyLength })}
            </Typography.Text>
          )}
        </Flex>
        <Typography.Text type="secondary">{t('editor.sendHint')}</Typography.Text>
      </Col>
      <Col xs={24} lg={8}>
        <FaqSuggestions typedWord={typedWord} gameBaseId={gameBaseId} disabled={readOnly} onInsert={insert} />
      </Col>
    </Row>
  );
}
