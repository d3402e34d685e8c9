import { deskTicketUnlock } from '@gp/contracts/desk';
import { readCookie } from '@gp/api-client';
import { currentLanguage } from '@gp/i18n';
import { csmngBase, staffCsrfCookieName } from '../../../lib/api-client.ts';

/**
 * Gives the lock back while the page is being unloaded (tab closed, reload): an ordinary call would be cut off,
 * a keepalive fetch is finished by the browser. Best effort: the lock lapses on its own anyway.
 */
export function giveLockBackOnUnload(workOrderId: number): void {
  const params = new URLSearchParams({ lang: currentLanguage() });
  const ct = readCookie(staffCsrfCookieName);
  if (ct) params.set('ct', ct);
  try {
    void fetch(`${csmngBase}${deskTicketUnlock.path}?${params}`, {
      method: 'POST',
      keepalive: true,
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ work_order_id: workOrderId }),
    }).catch(() => undefined);
  } catch {
    // A browser without keepalive support: the lock lapses by itself.
  }
}
