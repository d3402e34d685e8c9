/**
 * Attachments (spec 5, DESIGN section 6): at most 5 MB, JPG / JPEG / PNG by their magic bytes, LOG as UTF-8 text.
 * A refused file is never stored. Files live in the database under random server-made ids (see cs.schema.ts);
 * the uploader's file name is only shown. Unsent uploads are private to their uploader and deleted after a day.
 */
import { createHash, randomBytes } from 'node:crypto';
import { uploadPolicy, type CsFileItem, type FileKind, type UploadBlob } from '@gp/contracts/cs';
import { codes } from '@gp/errors';
import type { Clock } from '../../config/clock.ts';
import { AppError } from '../../http/app-error.ts';
import { checkUpload, cleanFileName } from './file-check.ts';
import type { Db } from '../../db/database.ts';
import { UploadRepository } from './upload.repository.ts';

/** Who asks for a file: a member (their own files and those on their tickets) or staff (any file). */
export type FileViewer = { kind: 'member'; mid: number } | { kind: 'staff' };

export interface StoredFile {
  fileName: string;
  kind: FileKind;
  contentType: string;
  bytes: Uint8Array;
}

/** How long an upload waits to be sent with a question before it is deleted. */
export const unsentFileTtlMs = 24 * 3_600_000;

export class UploadService {
  private readonly now: Clock;

  constructor(
    private readonly repo: UploadRepository,
    options: { now: Clock },
  ) {
    this.now = options.now;
  }

  /** Checks and stores one upload; -10003 too large, -10004 not an accepted file, -10006 too many unsent. */
  async receive(mid: number, file: UploadBlob): Promise<CsFileItem> {
    if (file.size > uploadPolicy.maxBytes) throw new AppError(codes.serviceFileTooLarge);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length > uploadPolicy.maxBytes) throw new AppError(codes.serviceFileTooLarge);
    const fileName = cleanFileName(file.name ?? '');
    const checked = checkUpload(fileName, bytes);
    if (!checked) throw new AppError(codes.serviceFileTypeNotAllowed);
    if ((await this.repo.countUnsent(mid)) >= uploadPolicy.maxPending) {
      throw new AppError(codes.serviceTooManyUploads);
    }
    const id = randomBytes(18).toString('base64url');
    await this.repo.insert({
      id,
      mid,
      fileName,
      kind: checked.kind,
      contentType: checked.contentType,
      byteSize: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      bytes,
      createdAt: this.now(),
    });
    return {
      file_id: id,
      file_name: fileName,
      file_size: bytes.length,
      file_kind: checked.kind,
      content_type: checked.contentType,
    };
  }

  /** The file for this viewer, or -401 (someone else's file and a missing one look the same). */
  async open(fileId: string, viewer: FileViewer): Promise<StoredFile> {
    const row =
      viewer.kind === 'staff'
        ? await this.repo.find(fileId)
        : await this.repo.findForMember(fileId, viewer.mid);
    if (!row) throw new AppError(codes.accessDenied, { status: 403 });
    return { ...row, kind: row.kind as FileKind };
  }

  /** The job's work: deletes uploads older than a day that were never sent; answers how many. */
  purgeUnsent(now = this.now()): Promise<number> {
    return this.repo.deleteUnsent(new Date(now.getTime() - unsentFileTtlMs));
  }
}

/** Ticket attachments on `db`, for the staff desk's downloads. */
export function createUploadService(db: Db, options: { now: Clock }): UploadService {
  return new UploadService(new UploadRepository(db), options);
}
