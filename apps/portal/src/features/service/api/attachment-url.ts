import { csFileDownloadPath } from '@gp/contracts/cs';
import { hosts } from '../../../config/env.ts';

/**
 * Where the browser fetches an attachment: the cs group's first base URL. Not an enveloped call; the session
 * cookie authorizes it, so `<img src>` and plain links work.
 */
export function attachmentUrl(fileId: string): string {
  const base = (hosts.api.cs[0] ?? '').replace(/\/$/, '');
  return `${base}${csFileDownloadPath(fileId)}`;
}
