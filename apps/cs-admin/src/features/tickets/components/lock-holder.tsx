import { useTranslation } from 'react-i18next';
import type { LockHolderData } from '@gp/contracts/desk';
import { formatUntil } from '../model/format.ts';

/** Who holds a ticket's editing lock and until when; "you" when it is the agent's own. */
export function LockHolder({ lock, ownStaffId }: { lock: LockHolderData; ownStaffId?: number }) {
  const { t, i18n } = useTranslation('desk');
  const until = formatUntil(lock.expires_at, i18n.language);
  return (
    <span>
      {lock.staff_id === ownStaffId
        ? t('lock.heldByYou', { time: until })
        : t('lock.heldBy', { name: lock.account_name, time: until })}
    </span>
  );
}
