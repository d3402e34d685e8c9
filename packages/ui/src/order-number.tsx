import { useTranslation } from 'react-i18next';
import { CopyValue, Grouped, groupsOf } from './copy-value.tsx';

/**
 * An order number as players read it out and copy it (`@gp/ui/copy-value`): groups of four that a narrow phone
 * wraps between, and a button that copies the whole number for a ticket or a chat with support.
 */
export function OrderNumber({ value, copy = true }: { value: string; copy?: boolean }) {
  const { t } = useTranslation('common');
  const groups = <Grouped groups={groupsOf(value)} />;
  if (!copy) return <span>{groups}</span>;
  return (
    <CopyValue
      value={value}
      texts={{
        button: t('orderNumber.copy'),
        // Named with the number (a history lists many), starting with the word it shows.
        label: t('orderNumber.copyNamed', { number: value }),
        copied: t('orderNumber.copied'),
        failed: t('orderNumber.copyFailed'),
      }}
    >
      {groups}
    </CopyValue>
  );
}
