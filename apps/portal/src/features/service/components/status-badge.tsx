import { useTranslation } from 'react-i18next';
import { workOrderStatusNames, type WorkOrderStatus } from '@gp/contracts/cs';
import styles from './tickets.module.css';

/** A ticket's state as a coloured label: no reply, processing, replied, closed. */
export function StatusBadge({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation('service');
  const name = workOrderStatusNames[status];
  return <span className={`${styles.badge} ${styles[name]}`}>{t(`status.${name}`)}</span>;
}
