/**
 * A follow-up question (/service/requestion?work_order_id=N and its H5 twin with the back bar; login required):
 * only on a replied ticket of this member; sending returns to the ticket, which says the follow-up went out.
 */
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { workOrderStatus, type WorkOrderDetailData } from '@gp/contracts/cs';
import { useShell } from '@gp/ui/shell-context';
import { SiteLink, siteHref } from '@gp/ui/site-link';
import { StateMessage } from '../components/state-message.tsx';
import {
  FollowUpForm,
  loadServiceStrings,
  loadTicket,
  ServiceLayout,
  servicePageStyles as pageStyles,
  servicePaths,
  type ServiceStrings,
  TicketNotFound,
  useServiceStrings,
} from '../features/service/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';

interface FollowUpData {
  strings: ServiceStrings;
  ticket: WorkOrderDetailData | null;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<FollowUpData> {
  const [strings, ticket] = await Promise.all([loadServiceStrings(), loadTicket(request)]);
  return { strings, ticket };
}

function Refused({ ticket }: { ticket: WorkOrderDetailData }) {
  const { t } = useTranslation('service');
  const closed = ticket.work_order_status === workOrderStatus.closed;
  return (
    <StateMessage
      tone="empty"
      title={closed ? t('requestion.closed') : t('requestion.notYet')}
      action={
        <SiteLink to={closed ? servicePaths.question : servicePaths.detail(ticket.work_order_id)}>
          {closed ? t('detail.newTicket') : t('requestion.backToTicket')}
        </SiteLink>
      }
    />
  );
}

export default function ServiceRequestion() {
  const data = useLoaderData() as FollowUpData;
  const { t } = useServiceStrings(data.strings);
  const h5 = useIsH5();
  const shell = useShell();
  const navigate = useNavigate();
  const ticket = data.ticket;
  if (!ticket) return <TicketNotFound h5={h5} />;
  const detail = servicePaths.detail(ticket.work_order_id);
  return (
    <ServiceLayout h5={h5} nav={!h5} title={t('common:routes.serviceRequestion')}>
      <p className={pageStyles.intro}>
        {t('requestion.about', { id: ticket.work_order_id })}{' '}
        <SiteLink to={detail}>{ticket.question_title}</SiteLink>
      </p>
      {ticket.can_follow_up === 1 ? (
        <div className={pageStyles.panel}>
          <FollowUpForm
            ticketId={ticket.work_order_id}
            onSent={() =>
              void navigate(siteHref(detail, shell).href, { replace: true, state: { followUpSent: true } })
            }
          />
        </div>
      ) : (
        <Refused ticket={ticket} />
      )}
    </ServiceLayout>
  );
}
