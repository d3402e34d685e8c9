/**
 * The pay group's calls for players following an order: the live status of a member's order (Server-Sent
 * Events) and the lookup of an order without login.
 */
import type { FastifyInstance } from 'fastify';
import { payOrderLookup, payOrderStream } from '@gp/contracts/pay';
import { clientAddress } from '../../../http/client-address.ts';
import { memberOf, registerCall } from '../../../http/register-call.ts';
import { registerStreamCall } from '../../../http/register-stream-call.ts';

/** Comment lines this often keep proxies (nginx's 60 s proxy_read_timeout) from closing a quiet stream. */
export const heartbeatMs = 15_000;

export async function payLiveRoutes(app: FastifyInstance) {
  const { streams, lookup } = app.pay;
  registerStreamCall(
    app,
    payOrderStream,
    (input, ctx) => streams.openStream(memberOf(ctx).mid, input.order_no, ctx.lang),
    { event: 'order', heartbeatMs, retryMs: 3_000 },
  );
  registerCall(app, payOrderLookup, (input, ctx) =>
    lookup.lookup({
      orderNo: input.order_no,
      account: input.account,
      clientAddress: clientAddress(ctx.request),
      lang: ctx.lang,
    }),
  );
}
