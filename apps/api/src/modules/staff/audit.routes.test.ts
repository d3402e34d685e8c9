/**
 * The audit log: append-only in the database, filtered reading, and the way later staff calls declare their
 * privilege and record their writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineStaffCall } from '@gp/contracts/staff';
import { buildApp } from '../../app.ts';
import { developmentParts } from '../../dev/development-parts.ts';
import { parseEnv } from '../../config/env.ts';
import { inTransaction, type Database } from '../../db/database.ts';
import { staffAuditLog } from '../../db/schema/staff.schema.ts';
import { AppError } from '../../http/app-error.ts';
import { registerCall, staffOf } from '../../http/register-call.ts';
import { openTestDatabase } from '../../../test/test-app.ts';
import {
  loginTestStaff,
  staffGet,
  staffPost,
  staffTestEnv,
  type TestStaff,
} from '../../../test/staff-session.ts';
import { audit, withoutSecrets } from './audit.ts';

/** A desk-like write as a later part declares it: its privilege in the contract, its audit row in its transaction. */
const noteCall = defineStaffCall({
  method: 'POST',
  path: '/test/note',
  encoding: 'json',
  privilege: 'tickets.reply',
  request: z.object({ work_order_id: z.number().int(), text: z.string(), fail: z.boolean().default(false) }),
  response: z.object({ saved: z.boolean() }),
});

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let admin: TestStaff;
beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({
    dev: developmentParts,
    env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...staffTestEnv }),
    database,
    logger: false,
  });
  registerCall(app, noteCall, (input, ctx) =>
    inTransaction(app.db, async (tx) => {
      await audit.record(tx, {
        actor: staffOf(ctx),
        action: 'staff.account.save', // a real desk call adds its own action name to auditActions
        target: { type: 'work_order', id: input.work_order_id },
        after: { text: input.text, password: 'never stored', token: 'nor this' },
      });
      if (input.fail) throw new AppError(-20003);
      return { saved: true };
    }),
  );
  await app.ready();
  admin = await loginTestStaff(database.db, { accountId: 'auditor', privileges: 'all' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a staff call declared with its privilege', () => {
  it('refuses callers without it (-401) and records its write in the same transaction', async () => {
    const reader = await loginTestStaff(database.db, { privileges: ['tickets.read'] });
    const replier = await loginTestStaff(database.db, { privileges: ['tickets.reply'] });
    const body = { work_order_id: 7001, text: 'Hello' };
    expect((await staffPost(app, reader, '/csmng/test/note', body)).json().code).toBe(-401);
    expect((await staffPost(app, replier, '/csmng/test/note', body)).json()).toMatchObject({
      code: 0,
      data: { saved: true },
    });
    // A refused write leaves no audit row: the row rolls back with it.
    expect((await staffPost(app, replier, '/csmng/test/note', { ...body, fail: true })).json().code).toBe(
      -20003,
    );
    const rows = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.targetId, '7001'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorStaffId: replier.staffId,
      actorAccountId: replier.accountId,
      targetType: 'work_order',
      after: { text: 'Hello' },
      ip: '127.0.0.1',
    });
  });

  it('a staff call without a declared privilege cannot even be registered', () => {
    const bare = { ...noteCall, path: '/test/bare', privilege: undefined };
    expect(() => registerCall(app, bare, () => ({ saved: true }))).toThrow(/names its privilege/);
  });
});

describe('the audit table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    await audit.record(database.db, { actor: null, action: 'staff.logout', target: { type: 't', id: 'x' } });
    for (const statement of [
      sql`update staff_audit_log set action = 'changed'`,
      sql`delete from staff_audit_log`,
      sql`truncate staff_audit_log`,
    ]) {
      await expect(database.db.execute(statement)).rejects.toThrow();
    }
    const rows = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.targetId, 'x'));
    expect(rows.map((r) => r.action)).toEqual(['staff.logout']);
  });

  it('never keeps text that could be a secret', () => {
    expect(
      withoutSecrets({
        account_name: 'A',
        password: 'p',
        account_pwd: 'p',
        password_hash: 'h',
        must_change_password: true,
        nested: { token: 't', note: '$argon2id$v=19$...', keep: 1 },
        password_reset: true,
      }),
    ).toEqual({ account_name: 'A', must_change_password: true, nested: { keep: 1 }, password_reset: true });
  });
});

describe('audit/page', () => {
  it('lists newest first and filters by actor, action, target and time range, with paging', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    for (const name of ['Audit One', 'Audit Two']) {
      const id = name.toLowerCase().replace(' ', '-');
      expect(
        (
          await staffPost(app, admin, '/csmng/account/add', {
            account_id: id,
            account_name: name,
            account_pwd: 'Good password 1',
          })
        ).json().code,
      ).toBe(0);
    }
    expect(
      (await staffGet(app, admin, '/csmng/account/limit', { account_id: 'audit-one' })).json().code,
    ).toBe(0);
    const page = (query: Record<string, string | number>) =>
      staffGet(app, admin, '/csmng/audit/page', query).then((r) => r.json());

    const mine = await page({ actor: 'AUDITOR', start_time: before });
    expect(mine.code).toBe(0);
    expect(
      mine.data.list.map((r: { action: string; target_id: string }) => `${r.action} ${r.target_id}`),
    ).toEqual([
      'staff.account.block audit-one',
      'staff.account.add audit-two',
      'staff.account.add audit-one',
    ]);
    expect(mine.data.list[0]).toMatchObject({
      actor_staff_id: admin.staffId,
      actor_account_id: 'auditor',
      target_type: 'staff_account',
      before: { status: 'active' },
      after: { status: 'blocked' },
      ip: '127.0.0.1',
      created_at: expect.stringMatching(/Z$/),
    });
    expect((await page({ action: 'staff.account.add', start_time: before })).data.total).toBe(2);
    expect((await page({ target_type: 'staff_account', target_id: 'audit-one' })).data.total).toBe(2);
    expect(
      (await page({ actor: 'auditor', start_time: before, page_size: 2, page_num: 2 })).data,
    ).toMatchObject({
      total: 3,
      page_num: 2,
      page_size: 2,
      list: [{ action: 'staff.account.add', target_id: 'audit-one' }],
    });
    expect((await page({ end_time: before, actor: 'auditor' })).data.total).toBe(0);
    expect((await page({ action: 'made.up' })).code).toBe(-400);
  });

  it("shows the seeded admin's creation, with no actor", async () => {
    const seeded = await staffGet(app, admin, '/csmng/audit/page', {
      action: 'staff.account.add',
      target_id: 'admin',
    });
    expect(seeded.json().data.list).toEqual([
      expect.objectContaining({
        actor_staff_id: null,
        after: expect.objectContaining({
          seeded: true,
          privileges: expect.arrayContaining(['staff.accounts']),
        }),
      }),
    ]);
  });
});
