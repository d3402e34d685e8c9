import { useTranslation } from 'react-i18next';
import { Col, Form, Row } from 'antd';
import { recommendText, type RecommendAdminData } from '@gp/contracts/content-admin';
import { recommendCalls } from '../api/content-calls.ts';
import { useGameChoices } from '../api/use-games.ts';
import {
  recommendSaveOf,
  recommendTextFields,
  recommendValuesOf,
  type RecommendValues,
} from '../model/item-values.ts';
import { fieldsShown, OnlineField, SortField } from './common-fields.tsx';
import { GameSelect } from './game-select.tsx';
import { ItemModal } from './item-modal.tsx';
import { TextTabs, useTextTabs, type TextFieldSpec } from './text-tabs.tsx';

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

const shows = fieldsShown(['game_base_id', 'sort', 'is_online'], recommendTextFields);

/**
 * Adds or edits a game the home page recommends. The game is the recommendation's key: it is picked when adding
 * and fixed afterwards (saving for a game that has one already replaces it).
 */
export function RecommendForm({
  item,
  onClose,
  onSaved,
}: {
  item: RecommendAdminData | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('cms');
  const [form] = Form.useForm<RecommendValues>();
  const tabs = useTextTabs(form);
  const games = useGameChoices();
  return (
    <ItemModal<RecommendValues, RecommendAdminData>
      title={item ? t('recommend.editTitle', { name: item.game_name }) : t('recommend.newTitle')}
      okText={item ? t('form.save') : t('form.create')}
      form={form}
      tabs={tabs}
      initialValues={recommendValuesOf(item)}
      shows={shows}
      save={(values) => recommendCalls.save(recommendSaveOf(values))}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Form.Item
        name="game_base_id"
        label={t('recommend.game')}
        extra={item ? t('recommend.gameFixed') : t('recommend.gameHint')}
        rules={[{ required: true, message: t('recommend.gameRequired') }]}
      >
        <GameSelect {...games} disabled={item !== null} currentName={item?.game_name} />
      </Form.Item>
      <TextTabs fields={textFields} tabs={tabs} />
      <Row gutter={16}>
        <Col>
          <SortField />
        </Col>
        <Col>
          <OnlineField hintKey="recommend.onlineHint" />
        </Col>
      </Row>
    </ItemModal>
  );
}
