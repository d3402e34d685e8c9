import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Tabs,
  Typography,
} from 'antd';
import {
  editLanguages,
  faqContentRule,
  faqOnlineType,
  faqTitleRule,
  sortRule,
  type EditLanguage,
  type FaqAdminDetail,
  type QuestionTypeAdminItem,
} from '@gp/contracts/catalog-admin';
import { optionOf } from '@gp/i18n/languages';
import { zodRule } from '../../../lib/zod-rule.ts';
import { faqCalls } from '../api/faq.calls.ts';
import { type FaqGame } from '../api/list-faq-games.ts';
import { faqErrorText, faqFieldErrors } from '../model/faq-errors.ts';
import {
  faqFormOf,
  faqValuesOf,
  isBlankText,
  scheduleMustBeFuture,
  type FaqValues,
} from '../model/faq-form.ts';
import layout from '../../../lib/layout.module.css';

/**
 * The FAQ entry form: game (or every game), question type, order, online "now" or at a scheduled time, and a tab
 * per language with title and answer (en required). Everything is checked here with the contract's rules before
 * it is sent; a refusal keeps every value and shows under the field it concerns (switching to its language).
 * Leaving with unsaved changes asks first.
 */
export function FaqEditor({
  saved,
  games,
  types,
  typesLoading,
  onGameChange,
  onSaved,
  onCancel,
}: {
  /** The entry being edited; null for a new one. */
  saved: FaqAdminDetail | null;
  games: FaqGame[];
  /** The types offered for the chosen game (undefined while they load). */
  types: QuestionTypeAdminItem[] | undefined;
  typesLoading: boolean;
  onGameChange: (game: number) => void;
  onSaved: (entry: FaqAdminDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('ops');
  const { modal } = App.useApp();
  const [form] = Form.useForm<FaqValues>();
  const [initial] = useState(() => faqValuesOf(saved));
  const [tab, setTab] = useState<EditLanguage>('en');
  const [errorLanguages, setErrorLanguages] = useState<EditLanguage[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [dirty, setDirty] = useState(false);
  const leaving = useRef(false);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('faq.leaveTitle'),
      content: t('faq.leaveConfirm'),
      okText: t('faq.leave'),
      okButtonProps: { danger: true },
      cancelText: t('faq.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  // Closing the tab or reloading with unsaved changes: the browser asks.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const languagesWithErrors = () =>
    editLanguages.filter((lang) =>
      form
        .getFieldsError([
          ['texts', lang, 'question_title'],
          ['texts', lang, 'question_content'],
        ])
        .some((f) => f.errors.length > 0),
    );
  const showFirstError = () => {
    const langs = languagesWithErrors();
    setErrorLanguages(langs);
    const other = form.getFieldsError().some((f) => f.name[0] !== 'texts' && f.errors.length > 0);
    // A problem outside the texts is above the tabs, in sight; otherwise open the first language with one.
    if (!other && langs.length > 0 && !langs.includes(tab)) setTab(langs[0]!);
  };

  const submit = async (values: FaqValues) => {
    setSending(true);
    setAlert(null);
    try {
      const entry = await faqCalls.save(faqFormOf(values, saved?.question_id));
      leaving.current = true;
      setDirty(false);
      onSaved(entry);
    } catch (error) {
      const fields = faqFieldErrors(t, error);
      if (fields.length > 0) {
        // The field paths come from the server's answer, checked against the form's fields in faqFieldErrors.
        form.setFields(fields as Parameters<typeof form.setFields>[0]);
        showFirstError();
      } else setAlert(faqErrorText(t, error));
    } finally {
      setSending(false);
    }
  };

  const gameOptions = [
    { value: 0, label: t('faq.allGames') },
    ...games.map((g) => ({
      value: g.game_base_id,
      label: g.is_online === 1 ? g.game_name : t('faq.gameOffline', { name: g.game_name }),
    })),
  ];
  // An entry about a game the pickers do not list (hidden from players) keeps its game.
  if (saved?.game_base_id && !games.some((g) => g.game_base_id === saved.game_base_id))
    gameOptions.push({ value: saved.game_base_id, label: saved.game_name ?? String(saved.game_base_id) });

  const typeRule = {
    validator: (_rule: unknown, value: unknown) => {
      if (typeof value !== 'number') return Promise.reject(new Error(t('faq.rule.questionType')));
      if (types && !types.some((type) => type.question_type === value))
        return Promise.reject(new Error(t('faq.error.typeNotOffered')));
      return Promise.resolve();
    },
  };
  const timeRule = {
    validator: (_rule: unknown, value: Dayjs | null | undefined) => {
      if (form.getFieldValue('online_type') !== faqOnlineType.scheduled) return Promise.resolve();
      if (!value) return Promise.reject(new Error(t('faq.rule.onlineTime')));
      if (scheduleMustBeFuture(saved, value) && !value.isAfter(dayjs()))
        return Promise.reject(new Error(t('faq.rule.onlineTimeFuture')));
      return Promise.resolve();
    },
  };

  /** en: required; another language: nothing, or both title and answer by the same rules. */
  const textRule = (lang: EditLanguage, field: 'question_title' | 'question_content') => {
    const rule =
      field === 'question_title'
        ? zodRule(faqTitleRule, t('faq.rule.title'))
        : zodRule(faqContentRule, t('faq.rule.content'));
    return {
      validator: (_rule: unknown, value: unknown) => {
        if (lang !== 'en' && isBlankText(form.getFieldValue(['texts', lang]))) return Promise.resolve();
        return rule.validator(_rule, value);
      },
    };
  };

  const tabItems = editLanguages.map((lang) => {
    const language = optionOf(lang);
    const hasError = errorLanguages.includes(lang);
    return {
      key: lang,
      // Every language's fields stay mounted, so checking and saving see all of them.
      forceRender: true,
      label: (
        <span>
          {language.label}
          {lang === 'en' && <span aria-hidden="true"> *</span>}
          {hasError && (
            <span className={layout.danger}>
              {' '}
              <span aria-hidden="true">●</span>
              <span className="sr-only">{t('faq.tabHasErrors')}</span>
            </span>
          )}
        </span>
      ),
      children: (
        <>
          <Typography.Paragraph type="secondary">
            {lang === 'en' ? t('faq.enRequired') : t('faq.otherOptional', { language: language.label })}
          </Typography.Paragraph>
          <Form.Item
            name={['texts', lang, 'question_title']}
            label={t('faq.titleIn', { language: language.label })}
            rules={[textRule(lang, 'question_title')]}
            dependencies={[['texts', lang, 'question_content']]}
          >
            <Input lang={language.lang} maxLength={200} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name={['texts', lang, 'question_content']}
            label={t('faq.contentIn', { language: language.label })}
            rules={[textRule(lang, 'question_content')]}
            dependencies={[['texts', lang, 'question_title']]}
          >
            <Input.TextArea
              lang={language.lang}
              maxLength={5000}
              showCount
              autoSize={{ minRows: 6, maxRows: 20 }}
            />
          </Form.Item>
        </>
      ),
    };
  });

  return (
    <Form<FaqValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onValuesChange={(changed: Partial<FaqValues>) => {
        setDirty(true);
        if (changed.game !== undefined) onGameChange(changed.game);
      }}
      onFieldsChange={() => setErrorLanguages(languagesWithErrors())}
      onFinish={(values) => void submit(values)}
      onFinishFailed={showFirstError}
    >
      {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
      <Flex gap={16} wrap>
        <Form.Item name="game" label={t('faq.game')} className={layout.minWide}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={gameOptions} />
        </Form.Item>
        <Form.Item
          name="question_type"
          label={t('faq.questionType')}
          rules={[typeRule]}
          dependencies={['game']}
          className={layout.minWide}
        >
          <Select
            loading={typesLoading}
            placeholder={t('faq.chooseType')}
            showSearch={{ optionFilterProp: 'label' }}
            options={(types ?? []).map((type) => ({
              value: type.question_type,
              label:
                type.is_online === 1
                  ? type.question_type_name
                  : t('faq.typeOffline', { name: type.question_type_name }),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('faq.sort')}
          extra={t('common.sortHint')}
          rules={[zodRule(sortRule, t('common.sortRule'))]}
        >
          <InputNumber precision={0} className={layout.controlNarrow} />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap align="flex-start">
        <Form.Item name="online_type" label={t('faq.onlineType')}>
          <Radio.Group
            options={[
              { value: faqOnlineType.now, label: t('faq.onlineNow') },
              { value: faqOnlineType.scheduled, label: t('faq.onlineScheduled') },
            ]}
          />
        </Form.Item>
        {/* Rendered with the form's own update (not a watched value), so the time is there as soon as it is asked for. */}
        <Form.Item noStyle dependencies={['online_type']}>
          {() =>
            form.getFieldValue('online_type') === faqOnlineType.scheduled && (
              <Form.Item
                name="online_time"
                label={t('faq.onlineTime')}
                rules={[timeRule]}
                extra={t('faq.onlineTimeHint')}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  disabledDate={(day) => day.isBefore(dayjs(), 'day')}
                />
              </Form.Item>
            )
          }
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary">
        {saved === null || saved.is_online === 0 ? t('faq.offlineHint') : t('faq.onlineHint')}
      </Typography.Paragraph>
      <Tabs activeKey={tab} onChange={(key) => setTab(key as EditLanguage)} items={tabItems} />
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={sending}>
          {t('common.save')}
        </Button>
        <Button onClick={onCancel} disabled={sending}>
          {t('common.cancel')}
        </Button>
      </Flex>
    </Form>
  );
}
