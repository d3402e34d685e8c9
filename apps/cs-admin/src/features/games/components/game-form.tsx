import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, Input, InputNumber, Modal } from 'antd';
import {
  editLanguages,
  gameIdRule,
  gameNameRule,
  gameSlugRule,
  gameUrlRule,
  sortRule,
  type EditLanguage,
  type GameAdminDetail,
  type GameAdminItem,
} from '@gp/contracts/catalog-admin';
import { optionOf } from '@gp/i18n/languages';
import { zodRule } from '../../../lib/zod-rule.ts';
import { gameCalls } from '../api/games.calls.ts';
import { gameErrorText, gameFieldErrors } from '../model/game-errors.ts';
import { IconField } from './icon-field.tsx';
import { useFormSave } from '../../../lib/use-form-save.ts';
import layout from '../../../lib/layout.module.css';

interface GameValues {
  game_id: string;
  slug: string;
  url: string;
  sort: number | null;
  names: Record<EditLanguage, string>;
  icon_media_id: string | null;
}

function initialValues(game: GameAdminItem | null): GameValues {
  const names = Object.fromEntries(editLanguages.map((l) => [l, game?.names[l] ?? ''])) as Record<
    EditLanguage,
    string
  >;
  return {
    game_id: game?.game_id ?? '',
    slug: game?.slug ?? '',
    url: game?.url ?? '',
    sort: game?.sort ?? 0,
    names,
    icon_media_id: game?.icon_media_id ?? null,
  };
}

/**
 * Add a game or edit one: game_id, slug, the game's own site, display order, names per language (en required,
 * the others shown with en where missing) and the icon. A refusal keeps every value: field problems show under
 * their field, anything else above the form. Mounted only while open (keyed per game).
 */
export function GameForm({
  game,
  onClose,
  onSaved,
}: {
  /** The game to edit; null to add one. */
  game: GameAdminItem | null;
  onClose: () => void;
  onSaved: (saved: GameAdminDetail) => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<GameValues>();
  const { sending, alert, save } = useFormSave(form);
  const [uploading, setUploading] = useState(false);

  const submit = () =>
    save(
      async (values) => {
        const names = Object.fromEntries(
          editLanguages.map((l) => [l, values.names[l]?.trim() ? values.names[l].trim() : null]),
        ) as Record<EditLanguage, string | null> & { en: string };
        const saved = await gameCalls.save({
          ...(game ? { game_base_id: game.game_base_id } : {}),
          game_id: values.game_id.trim(),
          slug: values.slug.trim(),
          url: values.url.trim(),
          sort: values.sort ?? 0,
          names,
          icon_media_id: values.icon_media_id,
        });
        onSaved(saved);
      },
      (error) => {
        const fields = gameFieldErrors(t, error);
        if (fields.length === 0) return gameErrorText(t, error);
        // The field paths come from the server's answer, checked against the form's fields in gameFieldErrors.
        form.setFields(fields as Parameters<typeof form.setFields>[0]);
        return null;
      },
    );

  const nameRule = zodRule(gameNameRule, t('games.rule.name'));
  return (
    <Modal
      open
      title={game ? t('games.editTitle', { name: game.game_name }) : t('games.addTitle')}
      okText={game ? t('common.save') : t('games.create')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      okButtonProps={{ disabled: uploading }}
      width={720}
    >
      <Form<GameValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues(game)}
      >
        {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
        <Form.Item
          name="game_id"
          label={t('games.gameId')}
          extra={t('games.gameIdHint')}
          rules={[zodRule(gameIdRule, t('games.rule.gameId'))]}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={64} autoFocus />
        </Form.Item>
        <Form.Item
          name="slug"
          label={t('games.slug')}
          extra={t('games.slugHint')}
          rules={[zodRule(gameSlugRule, t('games.rule.slug'))]}
        >
          <Input autoComplete="off" spellCheck={false} maxLength={64} />
        </Form.Item>
        <Form.Item name="url" label={t('games.url')} rules={[zodRule(gameUrlRule, t('games.rule.url'))]}>
          <Input type="url" autoComplete="off" spellCheck={false} maxLength={2048} placeholder="https://" />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('games.sort')}
          extra={t('common.sortHint')}
          rules={[zodRule(sortRule, t('common.sortRule'))]}
        >
          <InputNumber precision={0} className={layout.control} />
        </Form.Item>
        <fieldset className={layout.group}>
          <legend className={layout.groupCaption}>{t('games.names')}</legend>
          {editLanguages.map((lang) => {
            const language = optionOf(lang).label;
            return (
              <Form.Item
                key={lang}
                name={['names', lang]}
                label={
                  lang === 'en' ? t('games.nameInRequired', { language }) : t('games.nameIn', { language })
                }
                rules={
                  lang === 'en'
                    ? [nameRule]
                    : [
                        {
                          validator: (_rule: unknown, value: unknown) =>
                            typeof value === 'string' && value.trim() !== ''
                              ? nameRule.validator(_rule, value)
                              : Promise.resolve(),
                        },
                      ]
                }
              >
                <Input lang={optionOf(lang).lang} maxLength={64} autoComplete="off" />
              </Form.Item>
            );
          })}
        </fieldset>
        {/* The upload button names itself; the label is the group's heading. */}
        <Form.Item name="icon_media_id" label={t('games.icon')} htmlFor="">
          <IconField initialUrl={game?.game_icon ?? ''} onUploading={setUploading} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
