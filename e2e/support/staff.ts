/**
 * Staff for the console journeys. The administrator's one-time password is read where an operator reads it: the
 * server's own start-up output (the webServer command tees it into the run's data directory). The console-setup
 * project (tests/console-setup.spec.ts) logs in with it through the console and sets `adminPassword`; every
 * later journey logs in as admin with that, or works with agents it creates through the staff calls here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { afterNavigation, visit } from './a11y.ts';
import { API, CS_ADMIN } from './hosts.ts';
import { captchaAnswer } from './member.ts';

/** What the console-setup journey changes the one-time password to (a test-only secret). */
export const adminPassword = 'E2E admin pass 2026';

/** The one-time password the server printed at the start that created the admin. */
export function printedAdminPassword(): string {
  const dir = process.env.GP_E2E_DATA_DIR;
  if (!dir) throw new Error('GP_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const out = readFileSync(join(dir, 'server.out'), 'utf8');
  const match = /log in as "admin" with the one-time password\s+(\S+)/.exec(out);
  if (!match?.[1]) throw new Error('the server printed no one-time password for "admin"');
  return match[1];
}

async function data<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what} answered HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; message?: string; data: T };
  expect(body.code, `envelope code of ${what} (${body.message ?? ''})`).toBe(0);
  return body.data;
}

/** A logged-in staff session of an APIRequestContext: its CSRF token, to send as `ct`. */
export interface StaffApi {
  request: APIRequestContext;
  ct: string;
}

/**
 * Logs in through the staff calls (captcha with the e2e server's fixed answer). Pass `page.request` to log the
 * page's browser in too (the staff cookies are host-only on localhost, so the console's port gets them).
 */
export async function staffLogin(
  request: APIRequestContext,
  accountId: string,
  password: string,
): Promise<StaffApi> {
  const { token } = await data<{ token: string }>(
    await request.get(`${API}/csmng/captcha/sget`),
    'GET /csmng/captcha/sget',
  );
  await data(
    await request.post(`${API}/csmng/login`, {
      data: { account_id: accountId, account_pwd: password, token, captcha_code: captchaAnswer },
    }),
    'POST /csmng/login',
  );
  const cookies = await request.storageState();
  const ct = cookies.cookies.find((c) => c.name === 'gp_staff_jct')?.value;
  if (!ct) throw new Error('the staff login set no gp_staff_jct cookie');
  return { request, ct };
}

/** A staff JSON write (`POST`) or read (`GET`), with `ct`. */
export async function staffCall<T>(
  staff: StaffApi,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
): Promise<T> {
  const url = `${API}/csmng${path}`;
  const response =
    method === 'GET'
      ? await staff.request.get(url, {
          params: Object.fromEntries(
            Object.entries({ ...input, ct: staff.ct }).map(([k, v]) => [k, String(v)]),
          ),
        })
      : await staff.request.post(`${url}?ct=${encodeURIComponent(staff.ct)}`, { data: input });
  return data<T>(response, `${method} /csmng${path}`);
}

/**
 * A new agent made by the administrator, ready to log in: created with a one-time password, which the agent
 * changes at once (through the call the console's password screen makes). Answers the agent's account and the
 * password it now has.
 */
export async function newAgent(
  admin: StaffApi,
  agentRequest: APIRequestContext,
  options: { tag: string; privilegeIds: number[]; name?: string },
): Promise<{ accountId: string; password: string; name: string }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const accountId = `${options.tag}-${suffix}`.toLowerCase().slice(0, 32);
  const name = options.name ?? `Agent ${options.tag} ${suffix.slice(-4)}`;
  const oneTime = `One time ${suffix} 9`;
  await staffCall(admin, 'POST', '/account/add', {
    account_id: accountId,
    account_name: name,
    account_pwd: oneTime,
    privilege_ids: options.privilegeIds,
  });
  const agent = await staffLogin(agentRequest, accountId, oneTime);
  const password = `Agent pass ${suffix} 7`;
  await staffCall(agent, 'POST', '/account/password', {
    old_pwd: oneTime,
    new_pwd: password,
    re_pwd: password,
  });
  return { accountId, password, name };
}

/** Logs in through the console's login screen (captcha with the e2e server's fixed answer). */
export async function consoleLogin(page: Page, accountId: string, password: string): Promise<void> {
  await visit(page, `${CS_ADMIN}/login`, { landsOn: /\/login/ });
  await page.getByLabel('Account ID').fill(accountId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Verification code').fill(captchaAnswer);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The forced change after a login with a one-time password. */
export async function changeOneTimePassword(page: Page, oneTime: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/password/);
  await afterNavigation(page);
  await page.getByLabel('Current password').fill(oneTime);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).not.toHaveURL(/\/password/);
  // The next screen has replaced this one (its button fades out while the URL has already changed).
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toHaveCount(0);
}
