/**
 * The one way a private file leaves the API (ticket attachments for their owner and for staff, the desk's
 * exports): its own content type (decided by the server, never by the uploader), `Content-Disposition` with both
 * file-name forms, `nosniff` so a browser never runs it as something else, never cached by anyone, and a CSP
 * that sandboxes it when opened on its own, and no embedding by other sites (`Cross-Origin-Resource-Policy`;
 * a download link the browser follows is not affected).
 */
import type { FastifyReply } from 'fastify';

export interface PrivateFile {
  contentType: string;
  fileName: string;
  bytes: Uint8Array;
  /** `inline`: shown in the page (images); `attachment`: saved. */
  disposition: 'inline' | 'attachment';
}

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The headers of a private file's answer. */
export function privateFileHeaders(file: Omit<PrivateFile, 'bytes'>): Record<string, string> {
  return {
    'content-type': file.contentType,
    'content-disposition': contentDisposition(file.disposition, file.fileName),
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'same-site',
  };
}

/** Answers `file` with the private-file headers. */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile): FastifyReply {
  return reply.headers(privateFileHeaders(file)).send(Buffer.from(file.bytes));
}
