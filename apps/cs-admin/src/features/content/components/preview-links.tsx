/**
 * Preview of a saved article on the portal's pre-detail route (desktop or H5), for anyone holding the link
 * until it expires, whatever the article's status. The tab opens at the click (so popup blockers let it
 * through) and goes to the link once the server signed it; the links stay listed in case the browser held
 * the tab back anyway.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Typography } from 'antd';
import type { ArticleKind, ArticlePreviewData } from '@gp/contracts/content-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { errorMessage } from '../../../lib/error-message.ts';
import { articleCalls } from '../api/content.calls.ts';

export function PreviewLinks({ kind, id, dirty }: { kind: ArticleKind; id: number; dirty: boolean }) {
  const { t, i18n } = useTranslation('cms');
  const { message } = App.useApp();
  const [links, setLinks] = useState<ArticlePreviewData | null>(null);
  const [busy, setBusy] = useState<'url' | 'url_h5' | null>(null);

  const open = async (which: 'url' | 'url_h5') => {
    const tab = window.open('', '_blank');
    setBusy(which);
    try {
      const preview = await articleCalls[kind].preview({ id });
      setLinks(preview);
      if (tab) {
        tab.opener = null;
        tab.location.href = preview[which];
      }
    } catch (error) {
      tab?.close();
      void message.error(errorMessage(t, error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex gap={8} wrap align="center">
      <Button onClick={() => void open('url')} loading={busy === 'url'}>
        {t('preview.desktop')}
      </Button>
      <Button onClick={() => void open('url_h5')} loading={busy === 'url_h5'}>
        {t('preview.h5')}
      </Button>
      {dirty && <Typography.Text type="secondary">{t('preview.unsaved')}</Typography.Text>}
      {links && (
        <Typography.Text>
          <a href={links.url} target="_blank" rel="noopener noreferrer">
            {t('preview.desktopLink')}
          </a>
          {' · '}
          <a href={links.url_h5} target="_blank" rel="noopener noreferrer">
            {t('preview.h5Link')}
          </a>
          {' · '}
          {t('preview.expires', {
            time: formatDate(links.expires_at, i18n.language, { style: mediumDateTimeSeconds }),
          })}
        </Typography.Text>
      )}
    </Flex>
  );
}
