/**
 * Signed, expiring preview links for unpublished news and activities (the spec's pre-detail routes). The staff
 * console mints them; readers without a valid one get "not found", exactly as for an unknown id.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type PreviewKind = 'news' | 'activity';

function signature(secret: string, kind: PreviewKind, id: number, expires: number): string {
  return createHmac('sha256', secret).update(`preview:${kind}:${id}:${expires}`).digest('base64url');
}

/** `<expiry in unix seconds>.<HMAC>` */
export function createPreviewToken(
  secret: string,
  kind: PreviewKind,
  id: number,
  ttlSeconds: number,
  now: Date,
): string {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  return `${expires}.${signature(secret, kind, id, expires)}`;
}

export function verifyPreviewToken(
  secret: string,
  token: string,
  kind: PreviewKind,
  id: number,
  now: Date,
): boolean {
  const [expiresText, given] = token.split('.');
  const expires = Number(expiresText);
  if (!given || !Number.isInteger(expires) || expires * 1000 <= now.getTime()) return false;
  const want = Buffer.from(signature(secret, kind, id, expires));
  const got = Buffer.from(given);
  return want.length === got.length && timingSafeEqual(want, got);
}
