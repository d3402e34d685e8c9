/**
 * "Problem with this order?": opens the new-ticket form on the customer-service pages (desktop or H5,
 * like the page it is on) about this order: game, server, character and order number come along so nothing is
 * typed by hand. The portal shows them; the server takes them from the order itself, never from the link.
 */
import { useTranslation } from 'react-i18next';
import type { PayOrderItem } from '@gp/contracts/pay';
import { SiteLink } from '@gp/ui/site-link';

type About = Pick<PayOrderItem, 'order_no' | 'game_base_id' | 'server_name' | 'cp_role_id' | 'role_name'>;

/** The question form's path for an order (the portal reads these parameters back). */
export function orderHelpPath(order: About): string {
  const query = new URLSearchParams({
    order_no: order.order_no,
    game_base_id: String(order.game_base_id),
    server: order.server_name,
    role_id: order.cp_role_id,
    role_name: order.role_name,
  });
  return `/service/question?${query.toString()}`;
}

export function OrderHelpLink({ order, className }: { order: About; className?: string }) {
  const { t } = useTranslation('pay');
  return (
    <SiteLink
      to={orderHelpPath(order)}
      className={className}
      // The visible words first, so a voice command naming them still finds the link; then which order.
      aria-label={`${t('orderHelp.problem')} ${order.order_no}`}
    >
      {t('orderHelp.problem')}
    </SiteLink>
  );
}
