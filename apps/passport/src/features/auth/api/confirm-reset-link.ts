import { emailMailCheck } from '@gp/contracts/passport';
import { api } from '../../../lib/api-client.ts';

export function confirmResetLink(ticket: string, email: string) {
  return api.call(emailMailCheck, { email_ticket: ticket, email, email_type: 'reset' });
}
