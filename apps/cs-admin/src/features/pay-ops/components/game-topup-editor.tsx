import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Form, InputNumber, Modal, Select, Switch } from 'antd';
import { sortRule } from '@gp/contracts/catalog-admin';
import type { PayAdminGameItem } from '@gp/contracts/pay-admin';
import type { PayAuthoringGameOption } from '@gp/contracts/pay-catalog-authoring';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useFormSave } from '../../../lib/use-form-save.ts';
import { authoringCalls } from '../api/authoring.calls.ts';
import { authoringErrorText, authoringFieldErrors } from '../model/authoring-errors.ts';
import layout from '../../../lib/layout.module.css';

interface GameTopupValues {
  game_base_id: number | undefined;
  is_open: boolean;
  sort: number | null;
}

/**
 * Turns top-up on for a portal game in a distribution region (choosing among the portal's games the region does
 * not sell yet), or changes a game's top-up: open to players or not, display order. A game added closed stays
 * hidden from players while its currencies, products and prices are prepared.
 */
export function GameTopupEditor({
  region,
  game,
  onClose,
  onSaved,
}: {
  region: number;
  /** The catalog game to edit; null to add one. */
  game: PayAdminGameItem | null;
  onClose: () => void;
  onSaved: (saved: PayAdminGameItem, added: boolean) => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<GameTopupValues>();
  const { sending, alert, save } = useFormSave(form);
  const [options, setOptions] = useState<PayAuthoringGameOption[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (game) return;
    let live = true;
    authoringCalls
      .gameOptions({ distribution_region: region })
      .then((answer) => live && setOptions(answer.filter((g) => g.in_catalog === 0)))
      .catch((error: unknown) => live && setLoadError(authoringErrorText(t, error)));
    return () => {
      live = false;
    };
  }, [game, region, t]);

  const submit = () =>
    save(
      async (values) => {
        const saved = await authoringCalls.saveGame({
          distribution_region: region,
          game_base_id: values.game_base_id!,
          is_open: values.is_open ? 1 : 0,
          sort: values.sort ?? 0,
        });
        onSaved(saved, !game);
      },
      (error) => {
        const fields = authoringFieldErrors(t, error, ['game_base_id', 'is_open', 'sort']);
        if (fields.length === 0) return authoringErrorText(t, error);
        form.setFields(fields as Parameters<typeof form.setFields>[0]);
        return null;
      },
    );

  return (
    <Modal
      open
      title={
        game
          ? t('pay.authoring.game.editTitle', { name: game.game_name, region })
          : t('pay.authoring.game.addTitle', { region })
      }
      okText={game ? t('common.save') : t('pay.authoring.game.create')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
    >
      {loadError && <Alert type="error" showIcon title={loadError} className={layout.gapBelow} />}
      {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
      <Form<GameTopupValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          game_base_id: game?.game_base_id,
          is_open: game ? game.is_open === 1 : false,
          sort: game?.sort ?? 0,
        }}
      >
        {!game && (
          <Form.Item
            name="game_base_id"
            label={t('pay.authoring.game.game')}
            extra={t('pay.authoring.game.gameHint')}
            rules={[{ required: true, message: t('pay.authoring.game.gameRule') }]}
          >
            <Select
              loading={options === null && !loadError}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('pay.authoring.game.noCandidates')}
              options={(options ?? []).map((g) => ({
                value: g.game_base_id,
                label:
                  g.is_online === 1
                    ? `${g.game_name} (${g.game_id})`
                    : t('pay.authoring.game.hiddenOption', { name: g.game_name, id: g.game_id }),
              }))}
              className={layout.controlWide}
            />
          </Form.Item>
        )}
        <Form.Item
          name="is_open"
          label={t('pay.authoring.game.open')}
          extra={t('pay.authoring.game.openHint')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('pay.sort')}
          extra={t('common.sortHint')}
          rules={[zodRule(sortRule, t('common.sortRule'))]}
        >
          <InputNumber precision={0} className={layout.control} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
