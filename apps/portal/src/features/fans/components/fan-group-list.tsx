import { useTranslation } from 'react-i18next';
import type { FansGroupItem } from '@gp/contracts/web';
import { ExternalLink } from '../../../components/external-link.tsx';
import { StateMessage } from '../../../components/state-message.tsx';
import styles from './fan-group-list.module.css';

/** The fan groups, each a link to its community (another site, so a new tab). */
export function FanGroupList({
  groups,
  layout = 'pills',
}: {
  groups: FansGroupItem[];
  layout?: 'pills' | 'rows';
}) {
  const { t } = useTranslation('portal');
  if (groups.length === 0)
    return <StateMessage tone="empty" compact title={t('fans.empty')} body={t('fans.emptyBody')} />;
  return (
    <ul className={layout === 'rows' ? styles.rows : styles.pills}>
      {groups.map((f) => (
        <li key={f.url}>
          <ExternalLink href={f.url} className={styles.link}>
            <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm-8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4Zm8 0c-.3 0-.7 0-1.1.1 1.2.9 2.1 2.1 2.1 3.9v2h7v-2c0-2.7-5.3-4-8-4Z"
              />
            </svg>
            <span className={styles.name}>{f.group_name}</span>
            <span aria-hidden="true" className={styles.arrow}>
              ↗
            </span>
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}
