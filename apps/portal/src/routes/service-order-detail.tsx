/**
 * A ticket (/service/order_detail?work_order_id=N and its H5 twin with the back bar; login required): its facts,
 * the conversation with attachments, what can happen next (a follow-up while replied, or why not) and the
 * rating while it can be given or changed. Someone else's ticket reads as not found, like a missing one.
 */
import { useTranslation } from 'react-i18next';
import { useLoaderData, useLocation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { workOrderStatus, type WorkOrderDetailData } from '@gp/contracts/cs';
import { SiteLink } from '@gp/ui/site-link';
import {
  formStyles as form,
  LinkedOrder,
  loadServiceStrings,
  loadTicket,
  Rating,
  ServiceLayout,
  servicePageStyles as pageStyles,
  servicePaths,
  type ServiceStrings,
  TicketNotFound,
  TicketSummary,
  TicketThread,
  useLiveOrder,
  useServiceStrings,
} from '../features/service/index.ts';
import { useIsH5 } from '../hooks/use-is-h5.ts';

interface DetailData {
  strings: ServiceStrings;
  /** Null: no such ticket of this member (or no usable id). */
  ticket: WorkOrderDetailData | null;
}

export async function loader({ request }: LoaderFunctionArgs): Promise<DetailData> {
  const [strings, ticket] = await Promise.all([loadServiceStrings(), loadTicket(request)]);
  return { strings, ticket };
}

/** What the member can do next with the conversation. */
function NextStep({ ticket }: { ticket: WorkOrderDetailData }) {
  const { t } = useTranslation('service');
  if (ticket.can_follow_up === 1)
    return (
      <div className={pageStyles.next}>
        <p>{t('detail.followUpHint')}</p>
        <SiteLink to={servicePaths.followUp(ticket.work_order_id)} className={form.secondary}>
          {t('detail.followUpLink')}
        </SiteLink>
      </div>
    );
  if (ticket.work_order_status === workOrderStatus.closed)
    return (
      <div className={pageStyles.next}>
        <p>{t('detail.closed')}</p>
        <SiteLink to={servicePaths.question} className={form.secondary}>
          {t('detail.newTicket')}
        </SiteLink>
      </div>
    );
  return (
    <div className={pageStyles.next}>
      <p>{t('detail.waiting')}</p>
    </div>
  );
}

export default function ServiceOrderDetail() {
  const data = useLoaderData() as DetailData;
  const { t } = useServiceStrings(data.strings);
  const h5 = useIsH5();
  const revalidator = useRevalidator();
  /**
   * Reloads the ticket with its thread and linked order (one loader call answers both): after a rating, and
   * whatever else should bring the page up to date while it is open (the live order stream).
   */
  const refresh = () => {
    if (revalidator.state === 'idle') void revalidator.revalidate();
  };
  const location = useLocation();
  const followUpSent = (location.state as { followUpSent?: boolean } | null)?.followUpSent === true;
  const ticket = data.ticket;
  useLiveOrder(ticket?.order, refresh);
  if (!ticket) return <TicketNotFound h5={h5} />;
  return (
    <ServiceLayout
      h5={h5}
      nav={!h5}
      above={<p className={pageStyles.above}>{t('detail.heading', { id: ticket.work_order_id })}</p>}
      title={ticket.question_title}
    >
      {followUpSent && (
        <p role="status" className={`${form.notice} ${pageStyles.sent}`}>
          {t('detail.followUpSent')}
        </p>
      )}
      <TicketSummary ticket={ticket} />
      <LinkedOrder ticket={ticket} />
      <section aria-labelledby="conversation-heading">
        <h2 id="conversation-heading" className={pageStyles.sectionTitle}>
          {t('detail.conversation')}
        </h2>
        <TicketThread messages={ticket.messages} />
        <NextStep ticket={ticket} />
      </section>
      <Rating ticket={ticket} onRated={refresh} />
    </ServiceLayout>
  );
}
