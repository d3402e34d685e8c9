import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Typography } from 'antd';
import { productImagePolicy } from '@gp/contracts/pay-catalog-authoring';
import { authoringCalls } from '../api/authoring.calls.ts';
import { authoringErrorText, authoringFieldText } from '../model/authoring-errors.ts';
import layout from '../../../lib/layout.module.css';
import styles from './authoring.module.css';

/**
 * The product's picture inside the product editor (antd Form.Item passes `value` / `onChange`: the media id,
 * null for none). Choosing a file uploads it at once, through the same checked public-image upload as the game
 * icons (its own call, behind the catalog privilege), and shows what the server stored; the form saves the id.
 */
export function ProductImageField({
  value,
  onChange,
  initialUrl,
  onUploading,
}: {
  value?: string | null;
  onChange?: (mediaId: string | null) => void;
  initialUrl: string;
  onUploading: (uploading: boolean) => void;
}) {
  const { t } = useTranslation('ops');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ id: string | null; url: string }>({
    id: value ?? null,
    url: initialUrl,
  });
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const statusId = useId();
  const url = value && preview.id === value ? preview.url : '';

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (file.size > productImagePolicy.maxBytes) {
      setProblem(authoringFieldText(t, 'file', 'too_large'));
      return;
    }
    setUploading(true);
    onUploading(true);
    try {
      const stored = await authoringCalls.uploadImage({ file });
      setPreview({ id: stored.media_id, url: stored.url });
      onChange?.(stored.media_id);
    } catch (error) {
      setProblem(authoringErrorText(t, error));
    } finally {
      setUploading(false);
      onUploading(false);
      // The same file chosen again after a refusal is a new choice.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Flex gap={16} align="center" wrap>
      <div className={styles.imageBox}>
        {url ? (
          <img
            src={url}
            alt={t('pay.authoring.product.imageAlt')}
            width={64}
            height={64}
            className={layout.contain}
          />
        ) : (
          <Typography.Text type="secondary" className={layout.small}>
            {t('pay.authoring.product.noImage')}
          </Typography.Text>
        )}
      </div>
      <Flex vertical gap={4}>
        <Flex gap={8} wrap>
          <Button loading={uploading} onClick={() => input.current?.click()} aria-describedby={statusId}>
            {value ? t('pay.authoring.product.replaceImage') : t('pay.authoring.product.uploadImage')}
          </Button>
          {value && (
            <Button
              onClick={() => {
                setProblem(null);
                onChange?.(null);
              }}
              disabled={uploading}
            >
              {t('pay.authoring.product.removeImage')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" className={layout.small}>
          {t('pay.authoring.product.imageHint', { max: productImagePolicy.maxSide })}
        </Typography.Text>
        <span id={statusId} role="status">
          {uploading ? (
            t('pay.authoring.product.uploading')
          ) : problem ? (
            <span className={layout.danger}>{problem}</span>
          ) : (
            ''
          )}
        </span>
      </Flex>
      <input
        ref={input}
        type="file"
        accept={productImagePolicy.accept}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        aria-label={t('pay.authoring.product.image')}
        onChange={(e) => void choose(e.target.files?.[0])}
        data-testid="product-image-file"
      />
    </Flex>
  );
}
