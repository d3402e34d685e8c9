import { useTranslation } from 'react-i18next';
import { Form } from 'antd';
import { recommendText, type RecommendAdminData } from '@gp/contracts/content-admin';
import { recommendCalls } from '../api/content.calls.ts';
import { useGameChoices } from '../api/use-game-choices.ts';
import {
  recommendSaveOf,
  recommendTextFields,
  recommendValuesOf,
  type RecommendValues,
} from '../model/item-values.ts';
import { fieldsShown, OrderFields } from './common-fields.tsx';
import { GameSelect } from './game-select.tsx';
import { ItemModal, useItemForm, type ItemFormKind, type ItemFormProps } from './item-modal.tsx';
import { TextTabs, type TextFieldSpec } from './text-tabs.tsx';

const textFields: TextFieldSpec[] = [
  {
    name: 'tagline',
    labelKey: 'recommend.tagline',
    schema: recommendText.shape.tagline,
    max: 120,
    required: true,
  },
  {
    name: 'description',
    labelKey: 'recommend.description',
    schema: recommendText.shape.description,
    max: 600,
    required: true,
    kind: 'paragraph',
  },
];

const kind: ItemFormKind<RecommendValues, RecommendAdminData> = {
  titles: 'recommend',
  nameOf: (item) => item.game_name,
  valuesOf: recommendValuesOf,
  save: (values) => recommendCalls.save(recommendSaveOf(values)),
  shows: fieldsShown(['game_base_id', 'sort', 'is_online'], recommendTextFields),
};

/**
 * Adds or edits a game the home page recommends. The game is the recommendation's key: it is picked when adding
 * and fixed afterwards (saving for a game that has one already replaces it).
 */
export function RecommendForm({ item, ...done }: ItemFormProps<RecommendAdminData>) {
  const { t } = useTranslation('cms');
  const state = useItemForm<RecommendValues>();
  const games = useGameChoices();
  return (
    <ItemModal kind={kind} item={item} state={state} {...done}>
      <Form.Item
        name="game_base_id"
        label={t('recommend.game')}
        extra={item ? t('recommend.gameFixed') : t('recommend.gameHint')}
        rules={[{ required: true, message: t('recommend.gameRequired') }]}
      >
        <GameSelect {...games} disabled={item !== null} currentName={item?.game_name} />
      </Form.Item>
      <TextTabs fields={textFields} tabs={state.tabs} />
      <OrderFields onlineHintKey="recommend.onlineHint" />
    </ItemModal>
  );
}
