/**
 * The one declaration of every call (DESIGN section 4). The API registers its routes from these objects and
 * the client builds its functions from the same objects, so a field name or type can only be wrong in one place.
 */
import { z } from 'zod';

import {
  apiGroups,
  fullPath,
  languageCodes,
  type ApiGroup,
  type Auth,
  type Encoding,
  type HttpMethod,
} from './call-paths.ts';

// Zod-free, so browser builds can take them without zod (@gp/api-client/vite-plugin).
export { apiGroups, fullPath, languageCodes, type ApiGroup, type Auth, type Encoding, type HttpMethod };

export interface CallContract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly group: ApiGroup;
  readonly method: HttpMethod;
  /** The spec's path, without the group prefix. */
  readonly path: string;
  readonly encoding: Encoding;
  readonly auth: Auth;
  readonly request: Req;
  /** Shape of `data` in the envelope when code is 0. */
  readonly response: Res;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(def: {
  group: ApiGroup;
  method: HttpMethod;
  path: `/${string}`;
  /** Defaults to `query` for GET and `form` for POST (spec 7: POST is form-encoded unless stated JSON). */
  encoding?: Encoding;
  auth: Auth;
  request: Req;
  response: Res;
}): CallContract<Req, Res> {
  const encoding = def.encoding ?? (def.method === 'GET' ? 'query' : 'form');
  if (def.method === 'GET' && encoding !== 'query')
    throw new Error(`${def.path}: a GET carries a query string`);
  return Object.freeze({ ...def, encoding });
}

export type RequestOf<C extends CallContract> = z.input<C['request']>;
export type ParsedRequestOf<C extends CallContract> = z.output<C['request']>;
export type ResponseOf<C extends CallContract> = z.output<C['response']>;

/**
 * Parameters every call carries besides its own (spec 7): the page language and, by default, the region.
 * An unknown language falls back to en instead of failing the call: the reader still gets an answer.
 */
export const commonParams = z.object({
  lang: z.enum(languageCodes).catch('en').default('en'),
  region: z.coerce.number().int().positive().optional(),
});
export type CommonParams = z.output<typeof commonParams>;

/** The envelope around every answer (DESIGN section 4). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), message: z.string(), data: data.nullable() });
}
export interface Envelope<T> {
  code: number;
  message: string;
  data: T | null;
  /** 5xx answers only: the request's id (its `x-request-id` header), for a player to quote to support. */
  request_id?: string;
}

/** A 0/1 flag as the spec's legacy-style fields use them (is_show_*, *_status, is_online). */
export const flag = z.union([z.literal(0), z.literal(1)]);

/** One failing field of a -400 answer: where, and a machine code the UI translates. */
export const fieldIssue = z.object({ field: z.string(), code: z.string() });
export type FieldIssue = z.infer<typeof fieldIssue>;
export const badRequestData = z.object({ fields: z.array(fieldIssue) });

/** The paging request of list calls: page 1 first, 10 a page unless asked (at most 50). */
export const pageNum = z.coerce.number().int().min(1).max(10_000).default(1);
export const pageSize = z.coerce.number().int().min(1).max(50).default(10);

/**
 * Lists that can hold more rows than anyone pages through (the ticket queue, the order search, ...) count their
 * matches only up to this many, since counting millions of matches costs more than the page itself: `total` is
 * then this number and `total_capped` is true ("1,000+").
 */
export const pageTotalCap = 1000;

/**
 * What a text search (the FAQ's and the desk's keywords, the desk's operator name) counts up to instead: each
 * match is found by testing text, entry by entry, so "100+" answers ten times sooner than "1,000+", and whoever
 * searched narrows the words rather than pages through a hundred answers.
 */
export const textSearchTotalCap = 100;

/**
 * One page of a list answer: the items, how many there are in all (or `pageTotalCap` with `total_capped` when
 * there are more), and which page this is.
 */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    total_capped: z.literal(true).optional(),
    page_num: z.number().int(),
    page_size: z.number().int(),
  });
}
