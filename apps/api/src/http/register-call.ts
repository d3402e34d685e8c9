/**
 * Registers a route from its contract: the contract's method and path under the group prefix, its request
 * parsed (400/-400 naming the fields on failure), its answer checked against the response schema and wrapped
 * in the envelope. Handlers receive typed input and return plain data.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { commonParams, fullPath, type CallContract, type CommonParams } from '@gp/contracts';
import { keepsPublicData, staffRequirementOf } from '@gp/contracts/staff';
import { codes, domainOfGroup, type ErrorDomain } from '@gp/errors';
import type { CachedAnswer } from './cached-answer.ts';
import type { AuthenticatedMember, AuthenticatedStaff } from './callers.ts';
import { AppError, RequestValidationError } from './app-error.ts';
import { commonOf, inputOf } from './request-context.ts';

declare module 'fastify' {
  /** What `registerCall` says of each route, for the hooks that read it. */
  interface FastifyContextConfig {
    /** The domain of the call's refusals (error-handler.ts). */
    domain?: ErrorDomain;
    /** The call's contract says it never changes public data (modules/public-cache). */
    keepsPublicData?: boolean;
  }
}

export interface CallContext extends CommonParams {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller of a member call (set before the handler runs). */
  member?: AuthenticatedMember;
  /** The caller of a staff call, whose privilege the call declares (set before the handler runs). */
  staff?: AuthenticatedStaff;
}

/**
 * Resolves who calls a non-public call, or throws the refusal (-101, -110, -401). `call` is the contract being
 * called (the staff authenticator checks the privilege it declares).
 */
export type Authenticator<P> = (
  request: FastifyRequest,
  input: Record<string, unknown>,
  call?: CallContract,
) => Promise<P>;

export interface Authenticators {
  member?: Authenticator<AuthenticatedMember>;
  staff?: Authenticator<AuthenticatedStaff>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticators: Authenticators;
  }
}

/** The member of a member call; registerCall guarantees it, this keeps handlers free of assertions. */
export function memberOf(ctx: CallContext): AuthenticatedMember {
  if (!ctx.member) throw new AppError(codes.notLoggedIn);
  return ctx.member;
}

/** The staff member of a staff call; registerCall guarantees it. */
export function staffOf(ctx: CallContext): AuthenticatedStaff {
  if (!ctx.staff) throw new AppError(codes.notLoggedIn);
  return ctx.staff;
}

export type CallHandler<C extends CallContract> = (
  input: z.output<C['request']>,
  ctx: CallContext,
) => Promise<z.input<C['response']>> | z.input<C['response']>;

export const publicReadCache = 'public, max-age=30, stale-while-revalidate=60';

function sendCached(reply: FastifyReply, answer: CachedAnswer) {
  return reply
    .header('cache-control', publicReadCache)
    .header('content-type', 'application/json; charset=utf-8')
    .header('etag', answer.etag)
    .send(answer.body);
}

export interface CallOptions<C extends CallContract> {
  /**
   * Keep the answer in the app's public cache (modules/public-cache): only for a public GET whose answer depends on
   * nothing but its parsed input, the language and region and the app clock, and whose handler sets no headers.
   * `when` leaves some requests out (e.g. a preview token).
   */
  publicCache?: boolean | { when: (input: z.output<C['request']>) => boolean };
}

/**
 * Who calls and what they sent: the caller first (a visitor who is not logged in learns nothing about the call's
 * fields), then the call's own fields and the common ones, or the -400 naming the failing fields.
 */
export async function readCall(
  call: CallContract,
  authenticate: Authenticator<AuthenticatedMember | AuthenticatedStaff> | undefined,
  request: FastifyRequest,
): Promise<{ caller: unknown; parsed: unknown; common: CommonParams }> {
  const caller = authenticate ? await authenticate(request, inputOf(request, 'form'), call) : undefined;
  const parsed = call.request.safeParse(inputOf(request, call.encoding));
  const common = commonParams.safeParse(inputOf(request, 'form'));
  const issues = [...(parsed.error?.issues ?? []), ...(common.error?.issues ?? [])];
  if (!parsed.success || !common.success || issues.length > 0) {
    throw new RequestValidationError(
      issues.map((issue) => ({ field: issue.path.join('.') || '(root)', code: issue.code })),
    );
  }
  return { caller, parsed: parsed.data, common: common.data };
}

export function registerCall<C extends CallContract>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  options: CallOptions<C> = {},
): void {
  const authenticate = call.auth === 'public' ? undefined : app.authenticators?.[call.auth];
  if (call.auth !== 'public' && !authenticate) {
    // Nothing may expose a member or staff call unguarded.
    throw new Error(`${fullPath(call)}: no authenticator for '${call.auth}' calls is registered`);
  }
  if (call.auth === 'staff' && !staffRequirementOf(call)) {
    throw new Error(
      `${fullPath(call)}: a staff call names its privilege (defineStaffCall of @gp/contracts/staff)`,
    );
  }
  if (options.publicCache && (call.auth !== 'public' || call.method !== 'GET')) {
    // A member's or staff member's answer in a shared cache would leak it to the next caller.
    throw new Error(`${fullPath(call)}: only a public GET may use the public cache`);
  }
  const cacheWhen = typeof options.publicCache === 'object' ? options.publicCache.when : undefined;
  const cached = !!options.publicCache;
  const path = fullPath(call);
  app.route({
    method: call.method,
    url: fullPath(call),
    config: { domain: domainOfGroup(call.group), keepsPublicData: keepsPublicData(call) },
    handler: async (request, reply) => {
      if (cached && app.answerCache?.enabled) {
        // A URL already answered from the cache parses to the same input: answer it before parsing again.
        const answer = app.answerCache.byUrl(request.url);
        if (answer) return sendCached(reply, answer);
      }
      const { caller, parsed, common } = await readCall(call, authenticate, request);
      // Public reads may be cached briefly (ETag answers 304 when unchanged); anything personal never.
      reply.header(
        'cache-control',
        call.auth === 'public' && call.method === 'GET' ? publicReadCache : 'no-store',
      );
      const input = parsed as z.output<C['request']>;
      if (cached && app.answerCache?.enabled && (!cacheWhen || cacheWhen(input))) {
        // The key is the parsed input, so spelling, order and unknown parameters of the query cannot split it.
        const key = `${path}?${JSON.stringify(input)}&${JSON.stringify(common)}`;
        const answer = await app.answerCache.answer(
          key,
          async () => call.response.parse(await handler(input, { ...commonOf(request), request, reply })),
          request.url,
        );
        return sendCached(reply, answer);
      }
      const data = await handler(input, {
        ...commonOf(request),
        request,
        reply,
        ...(caller && call.auth === 'member' ? { member: caller as AuthenticatedMember } : {}),
        ...(caller && call.auth === 'staff' ? { staff: caller as AuthenticatedStaff } : {}),
      });
      // Our own answer must match the contract; a mismatch is a bug and surfaces as -500, never as bad data.
      return { code: 0, message: 'success', data: call.response.parse(data) };
    },
  });
}
