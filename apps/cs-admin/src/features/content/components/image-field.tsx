/**
 * A picture of an item (cover, banner image): upload a file, see it, replace it. Its value is the picture as the
 * answers give it (`contentImage`: media id, URL, size); the save sends its media id. The server decides by the
 * bytes whether a file is a PNG, JPEG or WebP picture; the size limit is checked here first to spare the upload.
 * Upload refusals (`too_large`, `type_not_allowed`, `too_big_dimensions`) show under the field.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Typography } from 'antd';
import { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { contentImagePolicy, type ContentImage } from '@gp/contracts/content-admin';
import { errorMessage } from '../../../lib/error-message.ts';
import { fieldErrorText } from '../model/field-errors.ts';
import { contentCalls } from '../api/content.calls.ts';
import layout from '../../../lib/layout.module.css';

export function ImageField({
  id,
  value,
  onChange,
  name,
  label,
  recommended,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  id?: string;
  value?: ContentImage | null;
  onChange?: (image: ContentImage | null) => void;
  /** The form field's name, to put upload problems under it. */
  name: string;
  /** The field's label, for the picture's alt text and the button's name. */
  label: string;
  /** The size the portal lays this picture out at. */
  recommended: { width: number; height: number };
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}) {
  const { t } = useTranslation('cms');
  const form = Form.useFormInstance();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const problem = (text: string) => form.setFields([{ name, errors: [text] }]);

  const upload = async (file: File) => {
    if (file.size > contentImagePolicy.maxBytes) {
      problem(fieldErrorText(t, 'too_large', 'file'));
      return;
    }
    setUploading(true);
    form.setFields([{ name, errors: [] }]);
    try {
      const image = await contentCalls.uploadImage({ file });
      onChange?.({ media_id: image.media_id, url: image.url, width: image.width, height: image.height });
      void form.validateFields([name]).catch(() => undefined);
    } catch (error) {
      const field =
        error instanceof ApiError && error.code === codes.badRequest ? error.fields[0] : undefined;
      problem(field ? fieldErrorText(t, field.code, 'file') : errorMessage(t, error));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Flex vertical gap={8} align="flex-start">
      {value ? (
        <figure className={layout.flush}>
          <img
            src={value.url}
            alt={t('image.previewAlt', { field: label })}
            className={`${layout.framed} ${layout.preview}`}
          />
          <figcaption>
            <Typography.Text type="secondary" className={layout.small}>
              {t('image.size', { width: value.width, height: value.height })}
            </Typography.Text>
          </figcaption>
        </figure>
      ) : (
        <Typography.Text type="secondary">{t('image.none')}</Typography.Text>
      )}
      <input
        ref={input}
        type="file"
        accept={contentImagePolicy.accept}
        hidden
        tabIndex={-1}
        aria-label={label}
        data-testid={`${name}-file`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <Button
        id={id}
        loading={uploading}
        aria-label={value ? t('image.replaceOf', { field: label }) : t('image.uploadOf', { field: label })}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onClick={() => input.current?.click()}
      >
        {value ? t('image.replace') : t('image.upload')}
      </Button>
      <Typography.Text type="secondary" className={layout.small}>
        {t('image.rules', {
          width: recommended.width,
          height: recommended.height,
          mb: contentImagePolicy.maxBytes / 1024 / 1024,
        })}
      </Typography.Text>
    </Flex>
  );
}
