import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Input, Select } from 'antd';
import {
  editLanguages,
  onlineStates,
  type EditLanguage,
  type OnlineState,
  type QuestionTypeAdminItem,
} from '@gp/contracts/catalog-admin';
import { optionOf } from '@gp/i18n/languages';
import type { FaqFilters } from '../model/faq-filters.ts';
import type { FaqGame } from '../api/list-faq-games.ts';

interface FilterValues {
  game?: number;
  type?: number;
  state?: OnlineState;
  keyword?: string;
  language?: EditLanguage;
}

/**
 * The FAQ list's filters: game (or the entries about every game), question type, what players see now, words in
 * the title or answer, and the language titles are shown and searched in. Applying goes back to the first page.
 */
export function FaqFiltersForm({
  filters,
  games,
  types,
  onApply,
}: {
  filters: FaqFilters;
  games: FaqGame[];
  types: QuestionTypeAdminItem[];
  onApply: (next: FaqFilters) => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<FilterValues>();
  const initial: FilterValues = {
    game: filters.game,
    type: filters.type,
    state: filters.state,
    keyword: filters.keyword,
    language: filters.language,
  };

  const apply = (values: FilterValues) => {
    const keyword = values.keyword?.trim();
    onApply({
      page: 1,
      ...(values.game !== undefined && values.game !== null ? { game: values.game } : {}),
      ...(values.type ? { type: values.type } : {}),
      ...(values.state ? { state: values.state } : {}),
      ...(keyword ? { keyword } : {}),
      ...(values.language ? { language: values.language } : {}),
    });
  };

  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={apply}
      role="search"
      aria-label={t('faq.filters')}
    >
      <Flex gap={16} wrap align="flex-end">
        <Form.Item name="game" label={t('faq.game')} style={{ marginBottom: 0 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('faq.anyGame')}
            style={{ width: 200 }}
            options={[
              { value: 0, label: t('faq.allGamesEntries') },
              ...games.map((g) => ({ value: g.game_base_id, label: g.game_name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="type" label={t('faq.questionType')} style={{ marginBottom: 0 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('faq.anyType')}
            style={{ width: 180 }}
            options={types.map((type) => ({ value: type.question_type, label: type.question_type_name }))}
          />
        </Form.Item>
        <Form.Item name="state" label={t('faq.online')} style={{ marginBottom: 0 }}>
          <Select
            allowClear
            placeholder={t('faq.anyState')}
            style={{ width: 160 }}
            options={onlineStates.map((state) => ({ value: state, label: t(`faq.state.${state}`) }))}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('faq.keyword')} style={{ marginBottom: 0 }}>
          <Input maxLength={100} allowClear autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="language" label={t('faq.language')} style={{ marginBottom: 0 }}>
          <Select
            allowClear
            placeholder={t('faq.consoleLanguage')}
            style={{ width: 160 }}
            options={editLanguages.map((lang) => ({ value: lang, label: optionOf(lang).label }))}
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({
                game: undefined,
                type: undefined,
                state: undefined,
                keyword: undefined,
                language: undefined,
              });
              onApply({ page: 1 });
            }}
          >
            {t('common.reset')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
