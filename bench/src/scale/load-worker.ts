/**
 * The load generator of `pnpm bench:scale`, in a process of its own (child_process.fork) so that sending and
 * timing requests takes no CPU from the API's event loop it measures. The parent sends one `LoadJob` at a time
 * and gets its `LoadOutcome` back; autocannon with a warm-up, then the measured run.
 *
 * Flows: `request` (one call repeated; an answer counts when it is HTTP 200 with code 0), `order` (a top-up
 * captcha, add_order with a new idempotency key, the sandbox's signed "paid" notification; one member per
 * connection) and `login` (the passport's image captcha solved, the sealing key, the login with the sealed
 * password).
 */
import autocannon, { type Options, type Request } from 'autocannon';
import { encryptPassword } from '../../../apps/api/src/modules/accounts/index.ts';
import { orderRequests, type OrderMember, type OrderProduct } from '../order-flow.ts';

export type LoadJob = {
  connections: number;
  durationS: number;
  warmupS: number;
} & (
  | {
      flow: 'request';
      url: string;
      method: 'GET' | 'POST';
      headers?: Record<string, string>;
      body?: string;
      /** Bodies that count as a good answer start with this (default `{"code":0`); empty: any HTTP 200. */
      okPrefix?: string;
    }
  | {
      flow: 'order';
      base: string;
      members: OrderMember[];
      product: OrderProduct;
      sandboxSecret: string;
      captchaAnswer: string;
    }
  | { flow: 'login'; base: string; users: string[]; password: string; captchaAnswer: string }
);

export interface LoadOutcome {
  /** Requests per second; for `order` and `login` whole flows (paid orders, sessions) per second. */
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  total: number;
}

type Counter = { on: boolean; bad: number; done: number };

function bad(counter: Counter) {
  if (counter.on) counter.bad++;
}

function requestFlow(job: Extract<LoadJob, { flow: 'request' }>, counter: Counter): Options {
  const prefix = job.okPrefix ?? '{"code":0';
  return {
    url: job.url,
    connections: job.connections,
    requests: [
      {
        method: job.method,
        ...(job.headers ? { headers: job.headers } : {}),
        // As bytes: autocannon takes a string's length for Content-Length, wrong for Thai or Chinese text.
        ...(job.body !== undefined ? { body: Buffer.from(job.body) } : {}),
        onResponse: (status, body) => {
          if (status !== 200 || !body.startsWith(prefix)) bad(counter);
        },
      },
    ],
  };
}

function orderFlow(job: Extract<LoadJob, { flow: 'order' }>, counter: Counter): Options {
  const requests = orderRequests({
    members: job.members,
    product: job.product,
    captchaAnswer: job.captchaAnswer,
    sandboxSecret: job.sandboxSecret,
    onCaptcha: (ok) => {
      if (!ok) bad(counter);
    },
    onOrder: (ok) => {
      if (!ok) bad(counter);
    },
    onPaid: (ok) => {
      if (!ok) bad(counter);
      else if (counter.on) counter.done++;
    },
  });
  return { url: job.base, connections: job.connections, requests };
}

/**
 * The logins of `connections` players, each from an address of its own (`x-forwarded-for`, as the deployment's
 * proxy sends it; the bench's API trusts loopback as that proxy): from one address, 20 logins at once are 20
 * unfinished attempts, which the per-address slowdown counts as failures until they succeed (lockout.service.ts)
 * - the 2 s a login then waited was the brute-force brake, not the login.
 */
function loginFlow(job: Extract<LoadJob, { flow: 'login' }>, counter: Counter): Options {
  let next = 0;
  let addresses = 0;
  type Ctx = {
    address?: string;
    user?: string;
    imgToken?: string;
    ticket?: string;
    key?: { public_key: string; nonce: string };
  };
  const parse = (status: number, body: string) =>
    status === 200 ? (JSON.parse(body) as { code: number; data: Record<string, string> }) : undefined;
  const from = (context: Ctx, more: Record<string, string> = {}) => {
    context.address ??= `198.18.${(addresses >> 8) & 255}.${addresses++ & 255}`;
    return { 'x-forwarded-for': context.address, ...more };
  };
  const form = (context: Ctx) => from(context, { 'content-type': 'application/x-www-form-urlencoded' });
  const requests: Request[] = [
    {
      method: 'POST',
      setupRequest: (req, context: Ctx) => ({
        ...req,
        path: '/passport/web/captcha/img/captcha',
        headers: form(context),
        body: '',
      }),
      onResponse: (status, body, context: Ctx) => {
        const answer = parse(status, body);
        if (answer?.code === 0) context.imgToken = answer.data.img_token;
        else bad(counter);
      },
    },
    {
      method: 'POST',
      setupRequest: (req, context: Ctx) => ({
        ...req,
        path: '/passport/web/captcha/verify/captcha',
        headers: form(context),
        body: new URLSearchParams({
          img_token: context.imgToken ?? '',
          captcha: job.captchaAnswer,
          action: 'login',
        }).toString(),
      }),
      onResponse: (status, body, context: Ctx) => {
        const answer = parse(status, body);
        if (answer?.code === 0) context.ticket = answer.data.ticket;
        else bad(counter);
      },
    },
    {
      method: 'GET',
      setupRequest: (req, context: Ctx) => ({
        ...req,
        path: '/passport/web/rsa_public',
        headers: from(context),
      }),
      onResponse: (status, body, context: Ctx) => {
        const answer = parse(status, body);
        if (answer?.code === 0) context.key = answer.data as unknown as Ctx['key'];
        else bad(counter);
      },
    },
    {
      method: 'POST',
      setupRequest: (req, context: Ctx) => {
        const user = job.users[next++ % job.users.length]!;
        const pwd = context.key
          ? encryptPassword(context.key.public_key, context.key.nonce, job.password)
          : '';
        return {
          ...req,
          path: '/passport/web/login',
          headers: form(context),
          body: new URLSearchParams({ user, pwd, captcha: context.ticket ?? '' }).toString(),
        };
      },
      onResponse: (status, body) => {
        if (parse(status, body)?.code === 0) {
          if (counter.on) counter.done++;
        } else bad(counter);
      },
    },
  ];
  return { url: job.base, connections: job.connections, requests };
}

export async function runJob(job: LoadJob): Promise<LoadOutcome> {
  const counter: Counter = { on: false, bad: 0, done: 0 };
  // Built afresh for each run: autocannon keeps state in the requests it was given (a second run of the same
  // login flow sent the captcha check without its token - every login failed after the warm-up).
  const options = () =>
    job.flow === 'request'
      ? requestFlow(job, counter)
      : job.flow === 'order'
        ? orderFlow(job, counter)
        : loginFlow(job, counter);
  if (job.warmupS > 0) await autocannon({ ...options(), duration: job.warmupS });
  counter.on = true;
  const result = await autocannon({ ...options(), duration: job.durationS });
  counter.on = false;
  return {
    perSecond: Math.round(job.flow === 'request' ? result.requests.average : counter.done / job.durationS),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: counter.bad + result.errors + result.timeouts,
    total: result.requests.total,
  };
}

// Run as the forked child: one job per message, its outcome (or its error) back.
if (process.send) {
  process.on('message', (job: LoadJob) => {
    runJob(job).then(
      (outcome) => process.send!({ outcome }),
      (error: Error) => process.send!({ error: error.stack ?? error.message }),
    );
  });
}
