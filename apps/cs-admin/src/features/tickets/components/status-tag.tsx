import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { workOrderStatusNames, type WorkOrderStatus } from '@gp/contracts/cs';

/** Dark solid colours: antd's light presets miss WCAG AA contrast for 12px text. */
const colours: Record<WorkOrderStatus, string> = {
  0: '#a8071a',
  1: '#0050b3',
  2: '#135200',
  3: '#434343',
};

export function StatusTag({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation('desk');
  return <Tag color={colours[status]}>{t(`status.${workOrderStatusNames[status]}`)}</Tag>;
}
