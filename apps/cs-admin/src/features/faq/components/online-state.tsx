import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import type { OnlineState } from '@gp/contracts/catalog-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import layout from '../../../lib/layout.module.css';
import { tones } from '../../../lib/theme.ts';

// Dark solid tags: antd's light presets miss WCAG AA contrast for 12px text.
const colours: Record<OnlineState, string | undefined> = {
  online: tones.success,
  scheduled: tones.link,
  offline: undefined,
};

/** What players see of an entry now: offline, scheduled (with its time) or online (since when). */
export function OnlineStateTag({ state, time }: { state: OnlineState; time: string }) {
  const { t, i18n } = useTranslation('ops');
  return (
    <span>
      <Tag color={colours[state]}>{t(`faq.state.${state}`)}</Tag>
      {state !== 'offline' && (
        <span className={layout.nowrap}>
          {t(state === 'scheduled' ? 'faq.onlineFrom' : 'faq.onlineSince', {
            time: formatDate(time, i18n.language, { style: mediumDateTimeSeconds }),
          })}
        </span>
      )}
    </span>
  );
}
