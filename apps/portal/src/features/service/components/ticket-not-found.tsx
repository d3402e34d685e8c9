import { useTranslation } from 'react-i18next';
import { SiteLink } from '@gp/ui/site-link';
import { StateMessage } from '../../../components/state-message.tsx';
import { servicePaths } from '../model/query.ts';
import { ServiceLayout } from './service-layout.tsx';

/** A ticket that is not this member's, or never was: one message for both. */
export function TicketNotFound({ h5 }: { h5: boolean }) {
  const { t } = useTranslation('service');
  return (
    <ServiceLayout h5={h5} nav={!h5} title={t('common:routes.serviceOrderDetail')}>
      <StateMessage
        tone="empty"
        title={t('detail.notFound')}
        body={t('detail.notFoundBody')}
        action={<SiteLink to={servicePaths.history}>{t('detail.backToList')}</SiteLink>}
      />
    </ServiceLayout>
  );
}
