import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Input, Select } from 'antd';
import {
  contentLanguages,
  contentStatuses,
  type ContentLanguage,
  type ContentStatus,
} from '@gp/contracts/content-admin';
import { articleCategories, type ArticleCategory } from '@gp/contracts/web';
import type { ContentFilters } from '../model/content-filters.ts';
import { languageName } from './language-marks.tsx';
import layout from '../../../lib/layout.module.css';

interface FilterValues {
  status?: ContentStatus;
  category?: ArticleCategory;
  has_lang?: ContentLanguage;
  missing_lang?: ContentLanguage;
  keyword?: string;
}

/**
 * A content list's filters: what players get now, which languages are written or still missing (what needs a
 * Thai translation), a word of the title or slug; articles also by category. Applying goes back to page 1.
 */
export function ListFilters({
  filters,
  onApply,
  categories = false,
}: {
  filters: ContentFilters;
  onApply: (next: ContentFilters) => void;
  /** Articles: offer the category filter. */
  categories?: boolean;
}) {
  const { t } = useTranslation('cms');
  const [form] = Form.useForm<FilterValues>();
  const languageOptions = contentLanguages.map((l) => ({ value: l, label: languageName(l) }));
  const apply = (values: FilterValues) => {
    const next: ContentFilters = { page: 1 };
    if (values.status) next.status = values.status;
    if (values.category) next.category = values.category;
    if (values.has_lang) next.has_lang = values.has_lang;
    if (values.missing_lang) next.missing_lang = values.missing_lang;
    if (values.keyword?.trim()) next.keyword = values.keyword.trim();
    onApply(next);
  };
  return (
    <Form<FilterValues>
      form={form}
      layout="vertical"
      initialValues={{
        status: filters.status,
        category: filters.category,
        has_lang: filters.has_lang,
        missing_lang: filters.missing_lang,
        keyword: filters.keyword,
      }}
      onFinish={apply}
      role="search"
      aria-label={t('list.filters')}
    >
      <Flex gap={16} wrap align="flex-end">
        <Form.Item name="status" label={t('list.status')} className={layout.noGapBelow}>
          <Select
            allowClear
            placeholder={t('list.anyStatus')}
            style={{ width: 160 }}
            options={contentStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Form.Item>
        {categories && (
          <Form.Item name="category" label={t('article.category')} className={layout.noGapBelow}>
            <Select
              allowClear
              placeholder={t('list.anyCategory')}
              style={{ width: 160 }}
              options={articleCategories.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item name="missing_lang" label={t('list.missingLang')} className={layout.noGapBelow}>
          <Select
            allowClear
            placeholder={t('list.anyLanguage')}
            style={{ width: 160 }}
            options={languageOptions}
          />
        </Form.Item>
        <Form.Item name="has_lang" label={t('list.hasLang')} className={layout.noGapBelow}>
          <Select
            allowClear
            placeholder={t('list.anyLanguage')}
            style={{ width: 160 }}
            options={languageOptions}
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('list.keyword')} className={layout.noGapBelow}>
          <Input maxLength={100} allowClear autoComplete="off" style={{ width: 200 }} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('list.apply')}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue({
                status: undefined,
                category: undefined,
                has_lang: undefined,
                missing_lang: undefined,
                keyword: undefined,
              });
              onApply({ page: 1 });
            }}
          >
            {t('list.reset')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
