/**
 * What an uploaded attachment really is (spec 5: JPG, JPEG, PNG, LOG). The name's extension says what the
 * member meant; the bytes decide: an image extension needs JPEG or PNG magic bytes, a LOG needs UTF-8 text with
 * no NUL byte. The content type we later serve comes from the bytes, never from the client.
 */
import { fileExtension, uploadPolicy, type FileKind } from '@gp/contracts/cs';
import { isJpeg, isPng } from '../media/index.ts';

export interface CheckedFile {
  kind: FileKind;
  contentType: 'image/jpeg' | 'image/png' | 'text/plain; charset=utf-8';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text a person can read in an editor: valid UTF-8 and no NUL byte (binaries nearly always have both). */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The kind and served content type of an upload, or undefined when it is not an accepted file. */
export function checkUpload(fileName: string, bytes: Uint8Array): CheckedFile | undefined {
  if (bytes.length === 0) return undefined;
  const ext = fileExtension(fileName);
  if (!(uploadPolicy.extensions as readonly string[]).includes(ext)) return undefined;
  if (ext === 'log') {
    return isUtf8Text(bytes) ? { kind: 'log', contentType: 'text/plain; charset=utf-8' } : undefined;
  }
  // .jpg / .jpeg / .png: any of the two image formats, served as what the bytes are.
  if (isPng(bytes)) return { kind: 'image', contentType: 'image/png' };
  if (isJpeg(bytes)) return { kind: 'image', contentType: 'image/jpeg' };
  return undefined;
}

/**
 * The display name kept for a file: the last path segment, no control or quote characters, at most 100
 * characters with its extension kept. Never used as a storage name.
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').trim();
  const dot = cleaned.lastIndexOf('.');
  const ext = dot < 0 ? '' : cleaned.slice(dot + 1);
  const stem = dot < 0 ? cleaned : cleaned.slice(0, dot);
  const shortStem = [...stem].slice(0, 90).join('') || 'file';
  return ext ? `${shortStem}.${ext}` : shortStem;
}
