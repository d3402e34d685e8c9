/**
 * Staff for the console journeys. The administrator's one-time password is read where an operator reads it: the
 * server's own start-up output (the webServer command tees it into the run's data directory). The console-setup
 * project (tests/console-setup.spec.ts) logs in with it through the console, sets `adminPassword` and enrols an
 * authenticator app (every staff account must enrol a second factor before anything else); every later journey
 * logs in as admin with that, or works with agents it creates through the staff calls here.
 *
 * The second step of those logins: console-setup also gives the administrator a software passkey (a P-256 key,
 * apps/api/test/software-authenticator.ts) and keeps it, with the app's secret, in the run's data directory; each
 * agent `newAgent` makes gets one too. A passkey answers any number of logins at once, where an authenticator
 * code works once per 30 seconds, so parallel journeys never trip over each other.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import {
  SoftwareAuthenticator,
  type SoftwareCredential,
} from '../../apps/api/test/software-authenticator.ts';
import { afterNavigation, checkA11y, visit } from './a11y.ts';
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

/** What console-setup keeps of the administrator's second factors for the later journeys. */
export interface AdminFactors {
  totpSecret: string;
  /** The last authenticator time step used (a code works once). */
  totpStep: number;
  passkey: SoftwareCredential;
}

function adminFactorsFile(): string {
  const dir = process.env.GP_E2E_DATA_DIR;
  if (!dir) throw new Error('GP_E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return join(dir, 'admin-second-factor.json');
}

export function saveAdminFactors(factors: AdminFactors): void {
  writeFileSync(adminFactorsFile(), JSON.stringify(factors));
}

export function adminFactors(): AdminFactors {
  return JSON.parse(readFileSync(adminFactorsFile(), 'utf8')) as AdminFactors;
}

/** The software passkeys of the accounts this process made or read, by account_id. */
const passkeys = new Map<string, SoftwareAuthenticator>();

function passkeyOf(accountId: string): SoftwareAuthenticator {
  const known = passkeys.get(accountId);
  if (known) return known;
  if (accountId !== 'admin') throw new Error(`no passkey known for staff account ${accountId}`);
  const admin = new SoftwareAuthenticator(adminFactors().passkey);
  passkeys.set(accountId, admin);
  return admin;
}

/** The authenticator app's code for `secret` now, and its time step. */
export function totpNow(secret: string): { code: string; step: number } {
  const now = Date.now();
  return { code: generateSync({ secret, epoch: Math.floor(now / 1000) }), step: Math.floor(now / 30_000) };
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

/** The login's second step with the account's software passkey (the request carries the pending login). */
async function passkeySecondStep(request: APIRequestContext, accountId: string): Promise<void> {
  const options = await data<Record<string, unknown>>(
    await request.post(`${API}/csmng/login/passkey/options`, { data: {} }),
    'POST /csmng/login/passkey/options',
  );
  await data(
    await request.post(`${API}/csmng/login/passkey`, {
      data: { response: passkeyOf(accountId).authenticate(options, CS_ADMIN) },
    }),
    'POST /csmng/login/passkey',
  );
}

/**
 * Logs in through the staff calls (captcha with the e2e server's fixed answer), with the account's passkey as
 * the second step when it has one. Pass `page.request` to log the page's browser in too (the staff cookies are
 * host-only on localhost, so the console's port gets them).
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
  const answer = await data<{ second_step?: 1 }>(
    await request.post(`${API}/csmng/login`, {
      data: { account_id: accountId, account_pwd: password, token, captcha_code: captchaAnswer },
    }),
    'POST /csmng/login',
  );
  if (answer.second_step === 1) await passkeySecondStep(request, accountId);
  return staffApiOf(request);
}

/** The staff session a request context (or a page's `page.request`) already holds. */
export async function staffApiOf(request: APIRequestContext): Promise<StaffApi> {
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
 * Gives the logged-in account a software passkey (the calls the sign-in security screen makes). A factor change
 * needs a step-up of the last 5 minutes in the session: the callers run it right after the password change, which
 * counts as one while the account has no factor, or after the enrolment that followed it.
 */
export async function addSoftwarePasskey(staff: StaffApi, accountId: string): Promise<SoftwareAuthenticator> {
  const passkey = new SoftwareAuthenticator();
  const options = await staffCall<Record<string, unknown>>(staff, 'POST', '/second_factor/passkey/options');
  await staffCall(staff, 'POST', '/second_factor/passkey/add', {
    name: 'E2E passkey',
    response: passkey.register(options, CS_ADMIN),
  });
  passkeys.set(accountId, passkey);
  return passkey;
}

/**
 * A new agent made by the administrator, ready to log in: created with a one-time password, which the agent
 * changes at once (through the call the console's password screen makes), then given a passkey (every staff
 * account needs a second factor). Answers the agent's account and the password it now has; the request that was
 * passed stays logged in as the agent.
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
  await addSoftwarePasskey(agent, accountId);
  return { accountId, password, name };
}

/** The password step on the console's login screen (captcha with the e2e server's fixed answer). */
export async function consolePasswordStep(page: Page, accountId: string, password: string): Promise<void> {
  await visit(page, `${CS_ADMIN}/login`, { landsOn: /\/login/ });
  await page.getByLabel('Account ID').fill(accountId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Verification code').fill(captchaAnswer);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export const secondStepHeading = (page: Page) =>
  page.getByRole('heading', { level: 2, name: 'Two-step verification' });

/**
 * Logs in through the console's login screen. An account with a second factor then gets the second step; the
 * page's browser answers it with the account's software passkey through the calls (the screen's own second step
 * is the journey of staff-second-factor.spec.ts), and opens the console.
 */
export async function consoleLogin(page: Page, accountId: string, password: string): Promise<void> {
  await consolePasswordStep(page, accountId, password);
  const step = secondStepHeading(page);
  const alert = page.getByRole('alert');
  // Wait for the answer: the second step, a refusal, or another screen.
  await expect
    .poll(async () => !page.url().includes('/login') || (await step.isVisible()) || (await alert.isVisible()))
    .toBe(true);
  if (!(await step.isVisible())) return;
  await passkeySecondStep(page.request, accountId);
  await visit(page, `${CS_ADMIN}/`);
}

/**
 * The forced change after a login with a one-time password, and the enrolment that follows it: an authenticator
 * app whose key is read on the screen (answered: the secret and the step of the code that confirmed it), the
 * recovery codes saved, and on into the console.
 */
export async function changeOneTimePassword(
  page: Page,
  oneTime: string,
  password: string,
  options: { axe?: boolean } = {},
): Promise<{ totpSecret: string; totpStep: number }> {
  await expect(page).toHaveURL(/\/password/);
  await afterNavigation(page);
  await page.getByLabel('Current password').fill(oneTime);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat new password').fill(password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).not.toHaveURL(/\/password/);
  // The next screen has replaced this one (its button fades out while the URL has already changed).
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toHaveCount(0);
  return enrolAuthenticatorApp(page, options);
}

/** The forced enrolment (sign-in security) with an authenticator app, up to the console. */
export async function enrolAuthenticatorApp(
  page: Page,
  options: { axe?: boolean } = {},
): Promise<{ totpSecret: string; totpStep: number }> {
  await expect(page).toHaveURL(/\/security/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in security' })).toBeVisible();
  if (options.axe) await checkA11y(page);
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const key = page.getByLabel('Setup key');
  await expect(key).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  if (options.axe) await checkA11y(page);
  const totpSecret = (await key.innerText()).trim();
  const { code, step } = totpNow(totpSecret);
  await page.getByLabel('Code from the app').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  if (options.axe) await checkA11y(page);
  await page.getByRole('checkbox', { name: "I've saved my recovery codes" }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(/\/security/);
  return { totpSecret, totpStep: step };
}
