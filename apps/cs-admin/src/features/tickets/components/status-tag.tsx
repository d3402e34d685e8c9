import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { workOrderStatusNames, type WorkOrderStatus } from '@gp/contracts/cs';
import { tones } from '../../../lib/theme.ts';

/** Dark solid colours: antd's light presets miss WCAG AA contrast for 12px text. */
const colours: Record<WorkOrderStatus, string> = {
  0: tones.danger,
  1: tones.info,
  2: tones.success,
  3: tones.neutral,
};

export function StatusTag({ status }: { status: WorkOrderStatus }) {
  const { t } = useTranslation('desk');
  return <Tag color={colours[status]}>{t(`status.${workOrderStatusNames[status]}`)}</Tag>;
}
