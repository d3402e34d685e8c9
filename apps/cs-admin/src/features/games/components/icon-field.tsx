import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Typography } from 'antd';
import { gameIconPolicy } from '@gp/contracts/catalog-admin';
import { gameCalls } from '../api/games.calls.ts';
import { gameErrorText, gameFieldText } from '../model/game-errors.ts';
import layout from '../../../lib/layout.module.css';
import styles from './icon-field.module.css';

/**
 * The game icon inside the game form (antd Form.Item passes `value` / `onChange`: the media id, null for none).
 * Choosing a file uploads it at once and shows the picture the server stored; the form saves only the id.
 * The file is checked for size here first; whether it is really a PNG, JPEG or WebP the server decides by its bytes.
 */
export function IconField({
  value,
  onChange,
  initialUrl,
  onUploading,
}: {
  value?: string | null;
  onChange?: (mediaId: string | null) => void;
  /** The saved icon's URL (editing). */
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
    if (file.size > gameIconPolicy.maxBytes) {
      setProblem(gameFieldText(t, 'file', 'too_large'));
      return;
    }
    setUploading(true);
    onUploading(true);
    try {
      const stored = await gameCalls.uploadIcon({ file });
      setPreview({ id: stored.media_id, url: stored.url });
      onChange?.(stored.media_id);
    } catch (error) {
      setProblem(gameErrorText(t, error));
    } finally {
      setUploading(false);
      onUploading(false);
      // The same file chosen again after a refusal is a new choice.
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Flex gap={16} align="center" wrap>
      <div className={styles.box}>
        {url ? (
          <img src={url} alt={t('games.iconPreview')} width={64} height={64} className={layout.contain} />
        ) : (
          <Typography.Text type="secondary" className={layout.small}>
            {t('games.noIcon')}
          </Typography.Text>
        )}
      </div>
      <Flex vertical gap={4}>
        <Flex gap={8} wrap>
          <Button loading={uploading} onClick={() => input.current?.click()} aria-describedby={statusId}>
            {value ? t('games.replaceIcon') : t('games.uploadIcon')}
          </Button>
          {value && (
            <Button
              onClick={() => {
                setProblem(null);
                onChange?.(null);
              }}
              disabled={uploading}
            >
              {t('games.removeIcon')}
            </Button>
          )}
        </Flex>
        <Typography.Text type="secondary" className={layout.small}>
          {t('games.iconHint', { max: gameIconPolicy.maxSide })}
        </Typography.Text>
        <span id={statusId} role="status">
          {uploading ? t('games.uploading') : problem ? <span className={layout.danger}>{problem}</span> : ''}
        </span>
      </Flex>
      <input
        ref={input}
        type="file"
        accept={gameIconPolicy.accept}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        aria-label={t('games.icon')}
        onChange={(e) => void choose(e.target.files?.[0])}
        data-testid="game-icon-file"
      />
    </Flex>
  );
}
