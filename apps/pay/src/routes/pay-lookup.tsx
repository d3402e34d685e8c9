/**
 * Lookup without login, `/paygame_lookup` and `/paygame_lookup_h5`: an order's state and timeline by
 * its number and the account's e-mail or phone number, for a player who cannot log in where they are.
 */
import { useTranslation } from 'react-i18next';
import { useShell } from '@gp/ui/shell-context';
import { OrderLookup, TopupPage } from '../features/topup/index.ts';

export default function PayLookup() {
  const { t } = useTranslation(['pay', 'common']);
  const { h5 } = useShell();
  return (
    <TopupPage title={t('common:routes.paygameLookup')} h5={h5}>
      <OrderLookup />
    </TopupPage>
  );
}
