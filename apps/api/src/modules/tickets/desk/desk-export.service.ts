/**
 * Exports of the filtered queue (excel_download_derive, excel_sign_check and the download): a job is written
 * with the filters as resolved at that moment (the time range fixed, so the file holds what the queue showed),
 * counted against `deskPolicy.maxExportRows` and audited in one transaction; the worker makes the file; only
 * the staff member who asked sees the job and gets a signed link to it.
 */
import { randomBytes } from 'node:crypto';
import { deskPolicy } from '@gp/contracts/desk';
import { codes } from '@gp/errors';
import type { Clock } from '../../../config/clock.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { AppError, RequestValidationError } from '../../../http/app-error.ts';
import { audit, type AuthenticatedStaff } from '../../staff/index.ts';
import { exportLink, validExportLink } from './desk-export-link.ts';
import { DeskExportRepository } from './desk-export.repository.ts';
import type { StoredExportQuery } from './desk-export.worker.ts';
import { resolveRange } from './desk-range.ts';
import { DeskRepository } from './desk.repository.ts';
import { ticketFilterOf, type DeskFilterInput } from './desk.service.ts';

export interface DeskExportServiceOptions {
  db: Db;
  /** STAFF_LINK_SECRET: signs the download links. */
  linkSecret: string;
  now: Clock;
  /** Called after a job is written, so the worker starts on it at once. */
  onQueued?: () => void;
}

export class DeskExportService {
  private readonly now: Clock;
  private readonly jobs: DeskExportRepository;

  constructor(private readonly options: DeskExportServiceOptions) {
    this.now = options.now;
    this.jobs = new DeskExportRepository(options.db);
  }

  /** Starts an export: -400 `end_time` `range_too_long` (as the queue) or `too_many_rows`. */
  async start(staff: AuthenticatedStaff, input: DeskFilterInput, lang: string): Promise<{ task_id: string }> {
    const now = this.now();
    const range = resolveRange(input, now);
    // Without an end the queue runs up to now; the export stops at the moment it was asked for.
    const before = range.before ?? new Date(now.getTime() + 1);
    const { filter, order } = ticketFilterOf(input, { createdFrom: range.from, createdBefore: before });
    const rows = await new DeskRepository(this.options.db).count(filter);
    if (rows > deskPolicy.maxExportRows) {
      throw new RequestValidationError([{ field: 'end_time', code: 'too_many_rows' }]);
    }
    const taskId = randomBytes(18).toString('base64url');
    const stored: StoredExportQuery = {
      filter: { ...filter, createdFrom: range.from.toISOString(), createdBefore: before.toISOString() },
      order,
      request: { ...input },
    };
    await inTransaction(this.options.db, async (tx) => {
      await new DeskExportRepository(tx).insert({
        id: taskId,
        staffId: staff.staffId,
        lang,
        filters: stored as unknown as Record<string, unknown>,
        createdAt: now,
      });
      await audit.record(tx, {
        actor: staff,
        action: 'ticket.export',
        target: { type: 'export', id: taskId },
        after: { filters: stored.request, rows },
      });
    });
    this.options.onQueued?.();
    return { task_id: taskId };
  }

  /** The job's state; when done, a link signed for the caller. -404 not theirs or gone. */
  async check(staff: AuthenticatedStaff, taskId: string) {
    const job = await this.jobs.findOwn(taskId, staff.staffId);
    if (!job) throw new AppError(codes.notFound);
    if (job.status !== 'done') {
      return { status: job.status, rows: null, download_url: null, expires_at: null };
    }
    const expires = this.now().getTime() + deskPolicy.exportLinkTtlMs;
    return {
      status: job.status,
      rows: job.rowCount,
      download_url: exportLink(this.options.linkSecret, { taskId, staffId: staff.staffId, expires }),
      expires_at: new Date(expires).toISOString(),
    };
  }

  /**
   * The workbook behind a link, for the staff member whose session cookie came with it: a link signed for
   * someone else, edited, or expired is refused (-401, 403); a job that is gone or not made -404 (404).
   */
  async open(
    staff: Pick<AuthenticatedStaff, 'staffId'>,
    link: { task_id: string; expires: number; sig: string },
  ): Promise<{ bytes: Uint8Array; fileName: string }> {
    const claims = { taskId: link.task_id, staffId: staff.staffId, expires: link.expires };
    if (!validExportLink(this.options.linkSecret, claims, link.sig, this.now())) {
      throw new AppError(codes.accessDenied, { status: 403 });
    }
    const file = await this.jobs.file(link.task_id, staff.staffId);
    if (!file) throw new AppError(codes.notFound, { status: 404 });
    const stamp = file.createdAt.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    return { bytes: file.bytes, fileName: `tickets-${stamp}.xlsx` };
  }
}
