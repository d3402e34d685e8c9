/**
 * Signed download links of finished exports: HMAC-SHA256 (STAFF_LINK_SECRET) over the task id, the staff member
 * it was made for and its expiry, so a link works only for that staff member, only until it expires, and cannot
 * be edited into another task's. The download also checks the staff session cookie (desk.routes.ts): a leaked
 * link alone opens nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Under the csmng group, like the calls; the console opens `${csmngBase}${url}`. */
export const exportDownloadPath = '/komoe/mng/work_order/excel_download';

export interface ExportLinkClaims {
  taskId: string;
  staffId: number;
  /** Epoch milliseconds. */
  expires: number;
}

export function exportLinkSignature(secret: string, claims: ExportLinkClaims): string {
  return createHmac('sha256', secret)
    .update(`desk-export\n${claims.taskId}\n${claims.staffId}\n${claims.expires}`)
    .digest('base64url');
}

/** The relative download URL of a task for a staff member, valid until `expires`. */
export function exportLink(secret: string, claims: ExportLinkClaims): string {
  const query = new URLSearchParams({
    task_id: claims.taskId,
    expires: String(claims.expires),
    sig: exportLinkSignature(secret, claims),
  });
  return `${exportDownloadPath}?${query}`;
}

/** Whether `sig` is the signature of these claims (constant time) and they have not expired at `now`. */
export function validExportLink(secret: string, claims: ExportLinkClaims, sig: string, now: Date): boolean {
  const expected = Buffer.from(exportLinkSignature(secret, claims));
  const given = Buffer.from(sig);
  return (
    expected.length === given.length && timingSafeEqual(expected, given) && claims.expires > now.getTime()
  );
}
