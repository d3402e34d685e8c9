import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, DatePicker, Form, Input, InputNumber, Modal, Spin, Switch } from 'antd';
import { editLanguages, sortRule, type EditLanguage } from '@gp/contracts/catalog-admin';
import type { PayAdminProductItem } from '@gp/contracts/pay-admin';
import {
  creditAmountRule,
  marketingLineRule,
  productIdRule,
  productNameRule,
  type PayAuthoringProductDetail,
  type PayProductForm,
} from '@gp/contracts/pay-catalog-authoring';
import { optionOf } from '@gp/i18n/languages';
import { zodRule } from '../../../lib/zod-rule.ts';
import { useFormSave } from '../../../lib/use-form-save.ts';
import { authoringCalls } from '../api/authoring.calls.ts';
import { authoringErrorText, authoringFieldErrors } from '../model/authoring-errors.ts';
import { ProductImageField } from './product-image-field.tsx';
import layout from '../../../lib/layout.module.css';
import styles from './authoring.module.css';

type TextValues = { name: string; marketing_desc_1: string; marketing_desc_2: string };

export interface ProductValues {
  product_id: string;
  credit_amount: number | null;
  sort: number | null;
  is_on_sale: boolean;
  sale_from: Dayjs | null;
  sale_until: Dayjs | null;
  image_media_id: string | null;
  texts: Record<EditLanguage, TextValues>;
}

const blank: TextValues = { name: '', marketing_desc_1: '', marketing_desc_2: '' };

function initialValues(detail: PayAuthoringProductDetail | null): ProductValues {
  return {
    product_id: detail?.product_id ?? '',
    credit_amount: detail?.credit_amount ?? null,
    sort: detail?.sort ?? 0,
    is_on_sale: (detail?.is_on_sale ?? 1) === 1,
    sale_from: detail?.sale_from ? dayjs(detail.sale_from) : null,
    sale_until: detail?.sale_until ? dayjs(detail.sale_until) : null,
    image_media_id: detail?.image_media_id ?? null,
    texts: Object.fromEntries(editLanguages.map((l) => [l, { ...blank, ...detail?.texts[l] }])) as Record<
      EditLanguage,
      TextValues
    >,
  };
}

/** The form's values as the create and update calls take them (blank languages: no text). */
export function productPayload(gameBaseId: number, values: ProductValues): PayProductForm {
  const texts = Object.fromEntries(
    editLanguages.map((lang) => {
      const text = values.texts[lang];
      const name = text.name.trim();
      return [
        lang,
        name === '' && lang !== 'en'
          ? null
          : {
              name,
              marketing_desc_1: text.marketing_desc_1.trim(),
              marketing_desc_2: text.marketing_desc_2.trim(),
            },
      ];
    }),
  ) as PayProductForm['texts'];
  return {
    game_base_id: gameBaseId,
    product_id: values.product_id.trim(),
    credit_amount: values.credit_amount ?? 0,
    sort: values.sort ?? 0,
    is_on_sale: values.is_on_sale ? 1 : 0,
    sale_from: values.sale_from ? values.sale_from.toISOString() : null,
    sale_until: values.sale_until ? values.sale_until.toISOString() : null,
    image_media_id: values.image_media_id,
    texts,
  };
}

/**
 * Create a product or edit one: its id (fixed once created: orders and deliveries name it), the credit the game
 * server receives, names and two marketing lines per language (en required; players see en where their language
 * has none), picture, display order, on sale, and the sale window (times in the browser's time zone). A refusal
 * keeps every value: field problems show under their field, anything else above the form.
 */
export function ProductEditor({
  gameBaseId,
  productId,
  onClose,
  onSaved,
}: {
  gameBaseId: number;
  /** The product to edit; null to create one. */
  productId: string | null;
  onClose: () => void;
  onSaved: (saved: PayAdminProductItem, created: boolean) => void;
}) {
  const { t } = useTranslation('ops');
  const [form] = Form.useForm<ProductValues>();
  const { sending, alert, save } = useFormSave(form);
  const [uploading, setUploading] = useState(false);
  const [loaded, setLoaded] = useState<{ detail: PayAuthoringProductDetail | null; error: string | null }>();
  const editing = productId !== null;

  useEffect(() => {
    if (productId === null) return;
    let live = true;
    authoringCalls
      .product({ game_base_id: gameBaseId, product_id: productId })
      .then((detail) => live && setLoaded({ detail, error: null }))
      .catch((error: unknown) => live && setLoaded({ detail: null, error: authoringErrorText(t, error) }));
    return () => {
      live = false;
    };
  }, [gameBaseId, productId, t]);

  const submit = () =>
    save(
      async (values) => {
        const payload = productPayload(gameBaseId, values);
        const saved = editing
          ? await authoringCalls.updateProduct(payload)
          : await authoringCalls.createProduct(payload);
        onSaved(saved, !editing);
      },
      (error) => {
        const fields = authoringFieldErrors(t, error, [
          'product_id',
          'credit_amount',
          'sort',
          'sale_from',
          'sale_until',
          'image_media_id',
          'texts',
        ]);
        if (fields.length === 0) return authoringErrorText(t, error);
        form.setFields(fields as Parameters<typeof form.setFields>[0]);
        return null;
      },
    );

  const ready = !editing || loaded?.detail;
  const nameRule = zodRule(productNameRule, t('pay.authoring.product.nameRule'));
  const lineRule = zodRule(marketingLineRule, t('pay.authoring.product.lineRule'));
  return (
    <Modal
      open
      title={
        editing
          ? t('pay.authoring.product.editTitle', { id: productId })
          : t('pay.authoring.product.addTitle')
      }
      okText={editing ? t('common.save') : t('pay.authoring.product.create')}
      cancelText={t('common.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={sending}
      okButtonProps={{ disabled: uploading || !ready }}
      width={820}
    >
      {loaded?.error && <Alert type="error" showIcon title={loaded.error} />}
      {editing && !loaded && <Spin />}
      {ready && (
        <Form<ProductValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={initialValues(loaded?.detail ?? null)}
        >
          {alert && <Alert type="error" showIcon title={alert} className={layout.gapBelow} />}
          <Form.Item
            name="product_id"
            label={t('pay.authoring.product.productId')}
            extra={t('pay.authoring.product.productIdHint')}
            rules={[zodRule(productIdRule, t('pay.authoring.product.productIdRule'))]}
          >
            <Input
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              disabled={editing}
              autoFocus={!editing}
            />
          </Form.Item>
          <Form.Item
            name="credit_amount"
            label={t('pay.authoring.product.credit')}
            extra={t('pay.authoring.product.creditHint')}
            rules={[zodRule(creditAmountRule, t('pay.authoring.product.creditRule'))]}
          >
            <InputNumber precision={0} min={1} className={layout.control} />
          </Form.Item>
          <fieldset className={layout.group}>
            <legend className={layout.groupCaption}>{t('pay.authoring.product.texts')}</legend>
            {editLanguages.map((lang) => {
              const language = optionOf(lang).label;
              const htmlLang = optionOf(lang).lang;
              return (
                <div key={lang} className={styles.texts}>
                  <Form.Item
                    name={['texts', lang, 'name']}
                    label={
                      lang === 'en'
                        ? t('pay.authoring.product.nameInRequired', { language })
                        : t('pay.authoring.product.nameIn', { language })
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
                    <Input lang={htmlLang} maxLength={100} autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name={['texts', lang, 'marketing_desc_1']}
                    label={t('pay.authoring.product.line1In', { language })}
                    rules={[lineRule]}
                  >
                    <Input lang={htmlLang} maxLength={100} autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name={['texts', lang, 'marketing_desc_2']}
                    label={t('pay.authoring.product.line2In', { language })}
                    rules={[lineRule]}
                  >
                    <Input lang={htmlLang} maxLength={100} autoComplete="off" />
                  </Form.Item>
                </div>
              );
            })}
          </fieldset>
          {/* The upload button names itself; the label is the group's heading. */}
          <Form.Item name="image_media_id" label={t('pay.authoring.product.image')} htmlFor="">
            <ProductImageField initialUrl={loaded?.detail?.image_url ?? ''} onUploading={setUploading} />
          </Form.Item>
          <Form.Item
            name="sort"
            label={t('pay.sort')}
            extra={t('common.sortHint')}
            rules={[zodRule(sortRule, t('common.sortRule'))]}
          >
            <InputNumber precision={0} className={layout.control} />
          </Form.Item>
          <Form.Item name="is_on_sale" label={t('pay.authoring.product.onSale')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="sale_from"
            label={t('pay.authoring.product.saleFrom')}
            extra={t('pay.authoring.product.windowHint')}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              needConfirm={false}
              className={layout.controlWide}
            />
          </Form.Item>
          <Form.Item
            name="sale_until"
            label={t('pay.authoring.product.saleUntil')}
            dependencies={['sale_from']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule: unknown, value: Dayjs | null) => {
                  const from = getFieldValue('sale_from') as Dayjs | null;
                  return value && from && !value.isAfter(from)
                    ? Promise.reject(new Error(t('pay.authoring.error.saleBeforeStart')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              needConfirm={false}
              className={layout.controlWide}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
