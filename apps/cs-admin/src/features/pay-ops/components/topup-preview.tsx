import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Select, Space, Typography } from 'antd';
import { site, type EnabledLanguage } from '@gp/config';
import { enabledLanguageOptions } from '@gp/i18n';
import { hosts } from '../../../config/env.ts';
import { topupPreviewLink } from '../model/preview-link.ts';

/**
 * "See it as a player": the pay host's top-up page for the game in a chosen language, in a new tab. The pay host
 * serves the site's own distribution region, so the preview is offered for that region's catalog only (another
 * region's catalog says why not). A closed game is not on the page: the preview shows what players see.
 */
export function TopupPreview({ gameBaseId, region }: { gameBaseId: number; region: number }) {
  const { t, i18n } = useTranslation('ops');
  const [lang, setLang] = useState<EnabledLanguage>(
    (site.enabledLanguages as readonly string[]).includes(i18n.language)
      ? (i18n.language as EnabledLanguage)
      : 'en',
  );
  if (region !== site.distributionRegion)
    return (
      <Typography.Text type="secondary">
        {t('pay.authoring.preview.otherRegion', { region: site.distributionRegion })}
      </Typography.Text>
    );
  return (
    <Space wrap>
      <Select
        value={lang}
        onChange={setLang}
        aria-label={t('pay.authoring.preview.language')}
        options={enabledLanguageOptions().map((o) => ({ value: o.value, label: o.label }))}
        popupMatchSelectWidth={false}
      />
      <Button
        href={topupPreviewLink(hosts.apps.pay, gameBaseId, lang)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('pay.authoring.preview.open')}
      </Button>
    </Space>
  );
}
