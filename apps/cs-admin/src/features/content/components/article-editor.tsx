/**
 * The news / activity editor: texts per language (title, summary, rich body), publishing (draft, publish now,
 * schedule at a future time, unpublish time, pinned), category, game, the activity's period, slug and both
 * covers. The server's refusals show at their fields, translated; the form keeps every value on any error.
 * Ctrl+S (Cmd+S) saves.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Card, Col, Flex, Form, Radio, Row, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  articleText,
  contentImagePolicy,
  type ArticleAdminData,
  type ArticleKind,
} from '@gp/contracts/content-admin';
import { articleCategories } from '@gp/contracts/web';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { articleCalls } from '../api/content.calls.ts';
import { showSaveError, type FieldName } from '../model/field-errors.ts';
import { useGameChoices } from '../api/use-game-choices.ts';
import { articleSaveOf, articleValuesOf, type ArticleValues } from '../model/article-values.ts';
import { SlugField } from './common-fields.tsx';
import { GameSelect } from './game-select.tsx';
import { ImageField } from './image-field.tsx';
import { StatusTag } from './status-tag.tsx';
import { TextTabs, useTextTabs, type TextFieldSpec } from './text-tabs.tsx';
import { localZone, TimePicker } from './time-picker.tsx';
import layout from '../../../lib/layout.module.css';

const textFields: TextFieldSpec[] = [
  {
    name: 'title',
    labelKey: 'article.titleField',
    schema: articleText.shape.title,
    max: 200,
    required: true,
  },
  {
    name: 'summary',
    labelKey: 'article.summary',
    schema: articleText.shape.summary,
    max: 500,
    required: false,
    kind: 'paragraph',
    hintKey: 'article.summaryHint',
  },
  {
    name: 'body_html',
    labelKey: 'article.body',
    schema: articleText.shape.body_html,
    max: 50_000,
    required: true,
    kind: 'rich',
    hintKey: 'article.bodyHint',
  },
];

/** The top-level fields this form shows (a refusal naming another field goes to the alert). */
const formFields = new Set([
  'slug',
  'category',
  'game_base_id',
  'cover_media_id',
  'cover_h5_media_id',
  'status',
  'publish_at',
  'unpublish_at',
  'pinned',
  'start_time',
  'end_time',
]);
const textFieldNames = new Set(textFields.map((f) => f.name));
export const articleFormShows = (name: FieldName) =>
  name.length === 1
    ? formFields.has(String(name[0]))
    : name.length === 3 && name[0] === 'texts' && textFieldNames.has(String(name[2]));

export function ArticleEditor({
  kind,
  article,
  onSaved,
  onDirty,
  actions,
}: {
  kind: ArticleKind;
  /** null: a new article. */
  article: ArticleAdminData | null;
  onSaved: (saved: ArticleAdminData) => void;
  /** Called with true on the first change after loading or saving, with false after a save. */
  onDirty: (dirty: boolean) => void;
  /** Preview and delete, next to Save (saved articles only). */
  actions?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation('cms');
  const { message } = App.useApp();
  const [form] = Form.useForm<ArticleValues>();
  const tabs = useTextTabs(form);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const games = useGameChoices();
  const status = Form.useWatch('status', form);
  const activity = kind === 'activity';
  const scope = kind === 'news' ? 'news' : 'activity';

  const failed = (fields: FieldName[]) => {
    tabs.showProblems(fields);
    setAlert(t('form.checkFields'));
  };

  // Runs once the form's own checks pass (every field, also those of tabs never opened).
  const save = async () => {
    setAlert(null);
    setSaving(true);
    try {
      const values = form.getFieldsValue(true) as ArticleValues;
      const saved = await articleCalls[kind].createUpdate(articleSaveOf(values, article?.id));
      setSaving(false);
      form.setFieldsValue(articleValuesOf(saved, kind));
      tabs.refresh();
      onDirty(false);
      void message.success(t(article ? 'form.saved' : 'form.created'));
      onSaved(saved);
    } catch (error) {
      setSaving(false);
      const shown = showSaveError(t, form, error, articleFormShows);
      tabs.showProblems(shown.fields);
      setAlert(shown.alert ?? t('form.checkFields'));
    }
  };

  const futureRule = {
    validator: (_rule: unknown, value: dayjs.Dayjs | null) =>
      value && !value.isAfter(dayjs())
        ? Promise.reject(new Error(t('fieldError.not_in_future')))
        : Promise.resolve(),
  };

  return (
    <Form<ArticleValues>
      form={form}
      layout="vertical"
      initialValues={articleValuesOf(article, kind)}
      onValuesChange={() => onDirty(true)}
      onFieldsChange={() => tabs.refresh()}
      onFinish={() => void save()}
      onFinishFailed={({ errorFields }) => failed(errorFields.map((f) => f.name))}
      aria-label={article ? t(`${scope}.editTitle`) : t(`${scope}.newTitle`)}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          form.submit();
        }
      }}
    >
      <Flex vertical gap={16}>
        {alert && (
          <Alert
            type="error"
            showIcon
            title={alert}
            closable={{ 'aria-label': t('actions.close') }}
            onClose={() => setAlert(null)}
          />
        )}
        <EditorSection title={t('form.texts')}>
          <TextTabs fields={textFields} tabs={tabs} />
        </EditorSection>
        <EditorSection title={t('form.publishing')} extra={article && <StatusTag status={article.status} />}>
          <Typography.Paragraph type="secondary">
            {t('form.timeZone', { zone: localZone() })}
          </Typography.Paragraph>
          <Form.Item name="status" label={t('article.statusField')}>
            <Choices
              label={t('article.statusField')}
              options={[
                { value: 'draft', label: t('article.draft') },
                { value: 'published', label: t('article.publishNow') },
                { value: 'scheduled', label: t('article.schedule') },
              ]}
            />
          </Form.Item>
          {status === 'draft' && (
            <Typography.Paragraph type="secondary">{t('article.draftHint')}</Typography.Paragraph>
          )}
          {status === 'published' &&
            article &&
            article.status !== 'draft' &&
            article.status !== 'scheduled' && (
              <Typography.Paragraph type="secondary">
                {t('article.publishedSince', {
                  time: formatDate(article.publish_at, i18n.language, { style: mediumDateTimeSeconds }),
                })}
              </Typography.Paragraph>
            )}
          <Row gutter={16}>
            {status === 'scheduled' && (
              <Col>
                <Form.Item
                  name="publish_at"
                  label={t('article.publishAt')}
                  extra={t('article.publishAtHint')}
                  rules={[{ required: true, message: t('article.publishAtRequired') }, futureRule]}
                >
                  <TimePicker future />
                </Form.Item>
              </Col>
            )}
            <Col>
              <Form.Item
                name="unpublish_at"
                label={t('article.unpublishAt')}
                extra={t('article.unpublishAtHint')}
                dependencies={['publish_at', 'status']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_rule: unknown, value: dayjs.Dayjs | null) => {
                      const from =
                        getFieldValue('status') === 'scheduled'
                          ? (getFieldValue('publish_at') as dayjs.Dayjs | null)
                          : null;
                      return value && from && !value.isAfter(from)
                        ? Promise.reject(new Error(t('fieldError.before_publish_at')))
                        : Promise.resolve();
                    },
                  }),
                ]}
              >
                <TimePicker allowClear />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="pinned"
            label={t('article.pinned')}
            valuePropName="checked"
            extra={t('article.pinnedHint')}
          >
            <Switch />
          </Form.Item>
        </EditorSection>
        <EditorSection title={t('form.details')}>
          <Form.Item
            name="category"
            label={t('article.category')}
            rules={[{ required: true, message: t('article.categoryRequired') }]}
          >
            <Choices
              label={t('article.category')}
              options={articleCategories.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            />
          </Form.Item>
          <Form.Item name="game_base_id" label={t('article.game')} extra={t('article.gameHint')}>
            <GameSelect {...games} allowClear />
          </Form.Item>
          <Row gutter={16}>
            <Col>
              <Form.Item
                name="start_time"
                label={activity ? t('article.startTime') : t('article.startTimeOptional')}
                rules={activity ? [{ required: true, message: t('fieldError.required') }] : []}
              >
                <TimePicker allowClear={!activity} />
              </Form.Item>
            </Col>
            <Col>
              <Form.Item
                name="end_time"
                label={activity ? t('article.endTime') : t('article.endTimeOptional')}
                dependencies={['start_time']}
                rules={[
                  ...(activity ? [{ required: true, message: t('fieldError.required') }] : []),
                  ({ getFieldValue }) => ({
                    validator: (_rule: unknown, value: dayjs.Dayjs | null) => {
                      const start = getFieldValue('start_time') as dayjs.Dayjs | null;
                      return value && start && !value.isAfter(start)
                        ? Promise.reject(new Error(t('fieldError.before_start')))
                        : Promise.resolve();
                    },
                  }),
                ]}
              >
                <TimePicker allowClear={!activity} />
              </Form.Item>
            </Col>
          </Row>
          <SlugField />
        </EditorSection>
        <EditorSection title={t('form.pictures')}>
          <Row gutter={24}>
            {covers.map(({ name, label, recommended }) => (
              <Col key={name} xs={24} md={12}>
                <Form.Item
                  name={name}
                  label={t(label)}
                  rules={[{ required: true, message: t('image.required') }]}
                >
                  <ImageField name={name} label={t(label)} recommended={recommended} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </EditorSection>
        <Flex gap={8} wrap align="center">
          <Button type="primary" htmlType="submit" loading={saving}>
            {article ? t('form.save') : t('form.create')}
          </Button>
          {actions}
          <Typography.Text type="secondary">{t('form.saveShortcut')}</Typography.Text>
        </Flex>
      </Flex>
    </Form>
  );
}

/** A part of the editor: a small card headed by its h2. */
function EditorSection({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      size="small"
      title={
        <Typography.Title level={2} className={layout.sectionTitle}>
          {title}
        </Typography.Title>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}

/** The article's two covers: the site's and the phone's (H5). */
const covers = [
  { name: 'cover_media_id', label: 'article.cover', recommended: contentImagePolicy.recommended.cover },
  {
    name: 'cover_h5_media_id',
    label: 'article.coverH5',
    recommended: contentImagePolicy.recommended.coverH5,
  },
] as const;

/** A row of choices (one click, arrow keys move between them), named as a group by its label. */
function Choices({
  id,
  value,
  onChange,
  options,
  label,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  options: { value: string; label: string }[];
  label: string;
}) {
  return (
    <Radio.Group
      id={id}
      role="radiogroup"
      aria-label={label}
      value={value}
      onChange={(e) => onChange?.(e.target.value as string)}
      options={options}
      optionType="button"
    />
  );
}
