import { useTranslation } from 'react-i18next';
import { Col, Form, Input, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { bannerText, contentImagePolicy, type BannerAdminData } from '@gp/contracts/content-admin';
import { bannerCalls } from '../api/content.calls.ts';
import { bannerSaveOf, bannerTextFields, bannerValuesOf, type BannerValues } from '../model/item-values.ts';
import { fieldsShown, OrderFields, SlugField } from './common-fields.tsx';
import { ImageField } from './image-field.tsx';
import { ItemModal, useItemForm, type ItemFormKind, type ItemFormProps } from './item-modal.tsx';
import { TextTabs, type TextFieldSpec } from './text-tabs.tsx';
import { localZone, TimePicker } from './time-picker.tsx';

const textFields: TextFieldSpec[] = [
  { name: 'title', labelKey: 'banner.headline', schema: bannerText.shape.title, max: 100, required: true },
  {
    name: 'subtitle',
    labelKey: 'banner.subtitle',
    schema: bannerText.shape.subtitle,
    max: 200,
    required: false,
  },
  { name: 'cta', labelKey: 'banner.cta', schema: bannerText.shape.cta, max: 40, required: false },
  {
    name: 'alt',
    labelKey: 'banner.alt',
    schema: bannerText.shape.alt,
    max: 200,
    required: true,
    hintKey: 'banner.altHint',
  },
];

const kind: ItemFormKind<BannerValues, BannerAdminData> = {
  titles: 'banner',
  nameOf: (banner) => banner.texts.en?.title ?? banner.slug,
  valuesOf: bannerValuesOf,
  save: (values, banner) => bannerCalls.save(bannerSaveOf(values, banner?.id)),
  shows: fieldsShown(
    ['slug', 'link', 'image_media_id', 'image_h5_media_id', 'starts_at', 'ends_at', 'sort', 'is_online'],
    bannerTextFields,
  ),
};

/** Adds or edits a home carousel slide: pictures, link, the period it shows, order, on/off, texts. */
export function BannerForm({
  banner,
  ...done
}: Omit<ItemFormProps<BannerAdminData>, 'item'> & { banner: BannerAdminData | null }) {
  const { t } = useTranslation('cms');
  const state = useItemForm<BannerValues>();
  return (
    <ItemModal kind={kind} item={banner} state={state} {...done}>
      <TextTabs fields={textFields} tabs={state.tabs} />
      <Form.Item
        name="link"
        label={t('banner.link')}
        extra={t('banner.linkHint')}
        rules={[
          { required: true, whitespace: true, message: t('banner.linkRequired') },
          { max: 500, message: t('banner.linkRequired') },
        ]}
      >
        <Input maxLength={500} autoComplete="off" spellCheck={false} placeholder="/news-detail/3" />
      </Form.Item>
      <Typography.Paragraph type="secondary">
        {t('form.timeZone', { zone: localZone() })}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col>
          <Form.Item
            name="starts_at"
            label={t('banner.startsAt')}
            rules={[{ required: true, message: t('banner.timeRequired') }]}
          >
            <TimePicker />
          </Form.Item>
        </Col>
        <Col>
          <Form.Item
            name="ends_at"
            label={t('banner.endsAt')}
            dependencies={['starts_at']}
            rules={[
              { required: true, message: t('banner.timeRequired') },
              ({ getFieldValue }) => ({
                validator: (_rule: unknown, value: Dayjs | null) => {
                  const start = getFieldValue('starts_at') as Dayjs | null;
                  return value && start && !value.isAfter(start)
                    ? Promise.reject(new Error(t('fieldError.before_start')))
                    : Promise.resolve();
                },
              }),
            ]}
          >
            <TimePicker />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="image_media_id"
            label={t('banner.image')}
            rules={[{ required: true, message: t('image.required') }]}
          >
            <ImageField
              name="image_media_id"
              label={t('banner.image')}
              recommended={contentImagePolicy.recommended.banner}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="image_h5_media_id"
            label={t('banner.imageH5')}
            rules={[{ required: true, message: t('image.required') }]}
          >
            <ImageField
              name="image_h5_media_id"
              label={t('banner.imageH5')}
              recommended={contentImagePolicy.recommended.bannerH5}
            />
          </Form.Item>
        </Col>
      </Row>
      <OrderFields />
      <SlugField />
    </ItemModal>
  );
}
