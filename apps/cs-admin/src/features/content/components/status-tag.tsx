import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { ContentStatus } from '@gp/contracts/content-admin';
import { tones } from '../../../lib/theme.ts';

/** Dark solid colours: antd's light presets miss WCAG AA contrast for 12px text. */
const colours: Record<ContentStatus, string> = {
  draft: tones.neutral,
  scheduled: tones.info,
  published: tones.success,
  ended: tones.attention,
};

/** What players get right now: draft (hidden), scheduled, published or ended. */
export function StatusTag({ status }: { status: ContentStatus }) {
  const { t } = useTranslation('cms');
  return <Tag color={colours[status]}>{t(`status.${status}`)}</Tag>;
}
