/** The history's status filter as links (`?status=N`): all, no reply, processing, replied, closed. */
import { useTranslation } from 'react-i18next';
import { workOrderStatuses, workOrderStatusNames, type WorkOrderStatus } from '@gp/contracts/cs';
import { FilterLinks } from '../../../components/filter-links.tsx';
import { servicePaths, withQuery } from '../model/query.ts';

export function historyHref(status: WorkOrderStatus | undefined, page = 1): string {
  return withQuery(servicePaths.history, { status, page });
}

/** The history's status filter: all, then each status. */
export function StatusFilter({ current }: { current: WorkOrderStatus | undefined }) {
  const { t } = useTranslation('service');
  const options = [undefined, ...workOrderStatuses] as const;
  return (
    <FilterLinks
      label={t('history.filter')}
      options={options.map((s) => ({
        key: s === undefined ? 'all' : String(s),
        to: historyHref(s),
        label: s === undefined ? t('status.all') : t(`status.${workOrderStatusNames[s]}`),
        current: s === current,
      }))}
    />
  );
}
