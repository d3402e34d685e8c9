/**
 * Creating or editing a saved reply (a dialog): a title only agents see, and a text per language (en required).
 * The texts replace the stored ones on save.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import type { SavedReplyItem } from '@gp/contracts/desk';
import { savedReplyCalls } from '../api/tickets.calls.ts';
import { deskErrorText } from '../model/desk-errors.ts';
import { checkTexts, checkTitle, draftOf, type TextsProblems } from '../model/reply-texts.ts';
import { emptyTexts, ReplyTextsFields } from './reply-texts-fields.tsx';
import { ToneText } from './tone-text.tsx';
import layout from '../../../lib/layout.module.css';

export function SavedReplyForm({
  editing,
  onClose,
  onSaved,
}: {
  /** The saved reply to edit; null: a new one. */
  editing: SavedReplyItem | null;
  onClose: () => void;
  onSaved: (saved: SavedReplyItem) => void;
}) {
  const { t } = useTranslation('desk');
  const titleId = useId();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [texts, setTexts] = useState(editing ? draftOf(editing.texts) : emptyTexts);
  const [problems, setProblems] = useState<{ title?: string; texts: TextsProblems }>({ texts: {} });
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = () => {
    if (saving) return;
    const titleProblem = checkTitle(title, t);
    const checked = checkTexts(texts, t);
    if (titleProblem || !checked.ok) {
      setProblems({ title: titleProblem, texts: checked.ok ? {} : checked.problems });
      return;
    }
    setProblems({ texts: {} });
    setFailure(null);
    setSaving(true);
    savedReplyCalls
      .save({
        ...(editing ? { saved_reply_id: editing.saved_reply_id } : {}),
        title,
        texts: checked.value,
      })
      .then(onSaved, (error: unknown) => setFailure(deskErrorText(t, error)))
      .finally(() => setSaving(false));
  };

  return (
    <Modal
      open
      width={760}
      title={
        <Typography.Title level={2} className={layout.sectionTitle}>
          {editing ? t('replies.formEdit') : t('replies.formNew')}
        </Typography.Title>
      }
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('replies.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save}>
          {t('replies.save')}
        </Button>,
      ]}
    >
      {failure && <Alert type="error" showIcon title={failure} className={layout.gapBelowSmall} />}
      <div className={layout.gapBelowSmall}>
        <label htmlFor={titleId} className={layout.fieldLabel}>
          {t('replies.fieldTitle')}
        </label>
        <Input
          id={titleId}
          value={title}
          maxLength={100}
          required
          autoFocus
          status={problems.title ? 'error' : undefined}
          aria-invalid={problems.title ? true : undefined}
          aria-describedby={problems.title ? `${titleId}-error` : undefined}
          onChange={(e) => setTitle(e.target.value)}
        />
        {problems.title && (
          <ToneText tone="danger" id={`${titleId}-error`}>
            {problems.title}
          </ToneText>
        )}
      </div>
      <ReplyTextsFields value={texts} onChange={setTexts} errors={problems.texts} />
    </Modal>
  );
}
