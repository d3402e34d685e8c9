/**
 * The texts of an item, one tab per language. en is the source and required; the other languages are optional
 * (left empty, their players read en), and each tab says whether its language is written, empty or has a
 * problem, in words. Every tab's fields stay mounted, so switching tabs loses nothing and every language is
 * checked on save. A language counts as written once any of its fields has something; then its required
 * fields are required too.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { App, Button, Flex, Form, Input, Tabs, Tag, Typography, type FormInstance } from 'antd';
import type { z } from 'zod';
import { contentLanguages, type ContentLanguage } from '@gp/contracts/content-admin';
import { optionOf } from '@gp/i18n/languages';
import { hasContent, isWritten, type TextsValues } from '../model/texts.ts';
import type { FieldName } from '../model/field-errors.ts';
import { RichTextField } from './rich-text-field.tsx';
import { languageName } from './language-marks.tsx';
import layout from '../../../lib/layout.module.css';
import { tones } from '../../../lib/theme.ts';

export interface TextFieldSpec {
  /** The field's name in the contract's text object. */
  name: string;
  /** cms.json key of its label. */
  labelKey: string;
  /** The contract's schema of the field (length and character rules). */
  schema: z.ZodType;
  /** Most characters (shown as a counter and checked before sending). */
  max: number;
  /** false: may stay empty even in a written language. */
  required: boolean;
  kind?: 'line' | 'paragraph' | 'rich';
  /** cms.json key of a hint under the field. */
  hintKey?: string;
}

/** The rule of one text field: required where its language is written, then the contract's own rules. */
function textRule(t: TFunction, lang: ContentLanguage, spec: TextFieldSpec, label: string) {
  return ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>) => ({
    validator: (_rule: unknown, value: unknown) => {
      const written = lang === 'en' || isWritten(getFieldValue(['texts', lang]) as TextsValues['en']);
      if (!written) return Promise.resolve();
      const text = typeof value === 'string' ? value : '';
      if (!hasContent(text))
        return spec.required
          ? Promise.reject(new Error(t('cms:texts.required', { field: label })))
          : Promise.resolve();
      if (text.trim().length > spec.max)
        return Promise.reject(new Error(t('cms:texts.tooLong', { field: label, max: spec.max })));
      return spec.schema.safeParse(text).success
        ? Promise.resolve()
        : Promise.reject(new Error(t('cms:texts.invalid', { field: label })));
    },
  });
}

/** Which languages have a field with a problem right now. */
function languagesWithErrors(form: FormInstance): Set<ContentLanguage> {
  const langs = new Set<ContentLanguage>();
  for (const { name, errors } of form.getFieldsError()) {
    if (errors.length > 0 && name[0] === 'texts') langs.add(name[1] as ContentLanguage);
  }
  return langs;
}

/**
 * The tabs' state for a form: the open language, the languages with problems, and `showProblems` to call after
 * a check or a refusal (it refreshes the marks and, unless the open language has a problem itself, opens the
 * first language that has one).
 */
export function useTextTabs(form: FormInstance) {
  const [active, setActiveLanguage] = useState<ContentLanguage>('en');
  // The languages opened so far: their rich editors are mounted (and stay, so nothing typed is lost).
  const [opened, setOpened] = useState<ReadonlySet<ContentLanguage>>(() => new Set(['en']));
  const setActive = useCallback((lang: ContentLanguage) => {
    setActiveLanguage(lang);
    setOpened((s) => (s.has(lang) ? s : new Set([...s, lang])));
  }, []);
  const [problems, setProblems] = useState<Set<ContentLanguage>>(new Set());
  const refresh = useCallback(() => {
    const next = languagesWithErrors(form);
    // A new set only when the marks change: every keystroke calls this.
    setProblems((s) => (s.size === next.size && [...next].every((l) => s.has(l)) ? s : next));
  }, [form]);
  const showProblems = useCallback(
    (names: FieldName[]) => {
      refresh();
      const langs = names.filter((n) => n[0] === 'texts').map((n) => n[1] as ContentLanguage);
      // The open tab stays while it has a problem itself; else the first language with one opens.
      if (langs.length > 0 && !langs.includes(active)) setActive(langs[0]!);
    },
    [refresh, setActive, active],
  );
  return { active, setActive, opened, problems, refresh, showProblems };
}

export type TextTabsState = ReturnType<typeof useTextTabs>;

export function TextTabs({ fields, tabs }: { fields: readonly TextFieldSpec[]; tabs: TextTabsState }) {
  const { t } = useTranslation('cms');
  const form = Form.useFormInstance();
  const texts = Form.useWatch('texts', form) as TextsValues | undefined;
  const { modal } = App.useApp();
  const baseId = useId();
  const { refresh } = tabs;

  // A language emptied again is optional again: its old "required" marks go.
  const writtenKey = contentLanguages.map((l) => (isWritten(texts?.[l]) ? 1 : 0)).join('');
  useEffect(() => {
    const unwritten = contentLanguages.filter((l, i) => l !== 'en' && writtenKey[i] === '0');
    form.setFields(unwritten.flatMap((l) => fields.map((f) => ({ name: ['texts', l, f.name], errors: [] }))));
    refresh();
  }, [writtenKey, form, fields, refresh]);

  const clear = (lang: ContentLanguage) =>
    void modal.confirm({
      title: t('texts.clearConfirmTitle', { language: languageName(lang) }),
      content: t('texts.clearConfirm'),
      okText: t('texts.clear'),
      okButtonProps: { danger: true },
      cancelText: t('actions.cancel'),
      onOk: () => {
        form.setFieldValue(['texts', lang], Object.fromEntries(fields.map((f) => [f.name, ''])));
      },
    });

  return (
    <Tabs
      activeKey={tabs.active}
      onChange={(key) => tabs.setActive(key as ContentLanguage)}
      items={contentLanguages.map((lang) => {
        const written = isWritten(texts?.[lang]);
        const problem = tabs.problems.has(lang);
        return {
          key: lang,
          forceRender: true,
          label: (
            <Flex gap={6} align="center">
              <span lang={optionOf(lang).lang}>{languageName(lang)}</span>
              {lang === 'en' && <Tag>{t('texts.requiredTag')}</Tag>}
              {problem ? (
                <Tag color={tones.danger}>{t('texts.problemTag')}</Tag>
              ) : written ? (
                <Tag color={tones.success}>{t('texts.writtenTag')}</Tag>
              ) : (
                <Tag>{t('texts.emptyTag')}</Tag>
              )}
            </Flex>
          ),
          children: (
            <Flex vertical>
              <Flex justify="space-between" align="center" gap={8} wrap className={layout.gapBelowSmall}>
                <Typography.Text type="secondary">
                  {lang === 'en' ? t('texts.enHint') : t('texts.otherHint')}
                </Typography.Text>
                {lang !== 'en' && written && (
                  <Button size="small" onClick={() => clear(lang)}>
                    {t('texts.clearLanguage', { language: languageName(lang) })}
                  </Button>
                )}
              </Flex>
              {fields.map((spec) => {
                const label = t(spec.labelKey);
                const labelId = `${baseId}-${lang}-${spec.name}-label`;
                const required = spec.required && (lang === 'en' || written);
                return (
                  <Form.Item
                    key={spec.name}
                    name={['texts', lang, spec.name]}
                    label={
                      <span
                        id={labelId}
                        // The rich body is no form element its <label> could focus: a click on it does.
                        onClick={
                          spec.kind === 'rich'
                            ? () =>
                                document.querySelector<HTMLElement>(`[aria-labelledby="${labelId}"]`)?.focus()
                            : undefined
                        }
                      >
                        {label}
                      </span>
                    }
                    extra={spec.hintKey ? t(spec.hintKey) : undefined}
                    rules={[textRule(t, lang, spec, label)]}
                    required={required}
                  >
                    {spec.kind === 'rich' ? (
                      <RichTextField
                        labelId={labelId}
                        lang={optionOf(lang).lang}
                        mounted={tabs.opened.has(lang)}
                      />
                    ) : spec.kind === 'paragraph' ? (
                      <Input.TextArea
                        lang={optionOf(lang).lang}
                        autoSize={{ minRows: 2, maxRows: 6 }}
                        showCount
                        maxLength={spec.max}
                      />
                    ) : (
                      <Input lang={optionOf(lang).lang} showCount maxLength={spec.max} />
                    )}
                  </Form.Item>
                );
              })}
            </Flex>
          ),
        };
      })}
    />
  );
}
