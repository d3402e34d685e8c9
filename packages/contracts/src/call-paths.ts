/**
 * The parts of a call declaration that need no zod: groups, methods, encodings, who may call, where a call lives,
 * the language codes. define.ts re-exports them; browser builds import them without zod.
 */
export const apiGroups = ['web', 'passport', 'pay', 'cs', 'csmng', 'upload'] as const;
export type ApiGroup = (typeof apiGroups)[number];

export type HttpMethod = 'GET' | 'POST';
/** How the request travels: query string, form body (the default for POST), JSON body or multipart. */
export type Encoding = 'query' | 'form' | 'json' | 'multipart';
/** Who may call: anyone, a logged-in member (session + `ct`), or a logged-in staff member. */
export type Auth = 'public' | 'member' | 'staff';

/** Where the call lives on the API host: the group prefix plus the spec's path. */
export function fullPath(call: { group: ApiGroup; path: string }): string {
  return `/${call.group}${call.path}`;
}

/** Every language the product defines; ja is defined but not enabled (spec 1). */
export const languageCodes = ['en', 'th', 'cn', 'vi', 'zh', 'ja'] as const;
