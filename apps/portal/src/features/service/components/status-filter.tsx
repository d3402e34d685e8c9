/** The history's status filter as links (`?status=N`): all, no reply, processing, replied, closed. */
import { useTranslation } from 'react-i18next';
import { workOrderStatuses, workOrderStatusNames, type WorkOrderStatus } from '@gp/contracts/cs';
import { SiteLink } from '@gp/ui/site-link';
import { servicePaths, withQuery } from '../model/query.ts';
import styles from './tickets.module.css';

export function historyHref(status: WorkOrderStatus | undefined, page = 1): string {
  return withQuery(servicePaths.history, { status, page });
}

export function StatusFilter({ current }: { current: WorkOrderStatus | undefined }) {
  const { t } = useTranslation('service');
  const options = [undefined, ...workOrderStatuses] as const;
  return (
    <nav aria-label={t('history.filter')} className={styles.filter}>
      <ul className={styles.filterList}>
        {options.map((s) => {
          const active = s === current;
          return (
            <li key={s ?? 'all'}>
              <SiteLink
                to={historyHref(s)}
                className={active ? `${styles.filterLink} ${styles.filterActive}` : styles.filterLink}
                aria-current={active ? 'page' : undefined}
              >
                {s === undefined ? t('status.all') : t(`status.${workOrderStatusNames[s]}`)}
              </SiteLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
