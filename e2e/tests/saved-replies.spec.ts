/**
 * Saved replies in each player's language (the ticket's language picks the text): an agent saves a reply with
 * English, Thai and Vietnamese texts, selects a Thai and a Vietnamese player's tickets in the queue, previews
 * what each receives and sends; each player sees the answer in their own language, with their nickname and the
 * game's name filled in. The console is a desktop tool: desktop project only.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type Page,
} from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { API, CS_ADMIN, PORTAL } from '../support/hosts.ts';
import { csrfToken, newMember, type Member } from '../support/member.ts';
import { adminPassword, newAgent, staffLogin } from '../support/staff.ts';

async function data<T>(response: APIResponse, what: string): Promise<T> {
  expect(response.ok(), `${what} answered HTTP ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; message?: string; data: T };
  expect(body.code, `envelope code of ${what} (${body.message ?? ''})`).toBe(0);
  return body.data;
}

async function pageIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/**
 * Opens a ticket as the member logged in on `request`, from a page in `lang` (the ticket's language), about the
 * first game customer service offers; answers its id and the game's name in that language.
 */
async function openTicketIn(
  request: APIRequestContext,
  member: Member,
  lang: 'th' | 'vi',
  title: string,
): Promise<{ workOrderId: number; gameName: string }> {
  const games = await data<{ game_base_id: number; game_name: string }[]>(
    await request.get(`${API}/cs/komoe/api/common/game/list`, { params: { lang } }),
    'GET game/list',
  );
  const game = games[0]!;
  const types = await data<{ question_type: number }[]>(
    await request.get(`${API}/cs/komoe/api/common/question_type/list`, {
      params: { lang, game_base_id: game.game_base_id, usage: 2 },
    }),
    'GET question_type/list',
  );
  const ct = await csrfToken(request);
  const created = await data<{ work_order_id: number }>(
    await request.post(`${API}/cs/komoe/api/work_order/create?ct=${encodeURIComponent(ct)}&lang=${lang}`, {
      data: {
        game_base_id: game.game_base_id,
        question_type: types[0]!.question_type,
        email: member.email,
        question_title: title,
        question_content: 'My top-up has not arrived yet.',
        attachments: [],
      },
    }),
    'POST work_order/create',
  );
  return { workOrderId: created.work_order_id, gameName: game.game_name };
}

test('a batch reply to a Thai and a Vietnamese ticket arrives in Thai and Vietnamese', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const replyTitle = `Top-up credited ${tag}`;
  const texts = {
    en: 'Hello {nickname}, your {game} top-up has been credited.',
    th: 'สวัสดีคุณ {nickname} ยอดเติมเงินเกม {game} ของคุณเข้าแล้ว',
    vi: 'Xin chào {nickname}, tiền nạp game {game} của bạn đã vào tài khoản.',
  };

  const thaiPlayer = await pageIn(browser);
  const somchai = await newMember(thaiPlayer.request, 'replies-th');
  const thai = await openTicketIn(thaiPlayer.request, somchai, 'th', `Top-up missing ${tag} th`);
  const vietPlayer = await pageIn(browser);
  const lan = await newMember(vietPlayer.request, 'replies-vi');
  const viet = await openTicketIn(vietPlayer.request, lan, 'vi', `Top-up missing ${tag} vi`);
  const thaiText = `สวัสดีคุณ ${somchai.nickName} ยอดเติมเงินเกม ${thai.gameName} ของคุณเข้าแล้ว`;
  const vietText = `Xin chào ${lan.nickName}, tiền nạp game ${viet.gameName} của bạn đã vào tài khoản.`;

  const agent = await pageIn(browser);
  const admin = await staffLogin((await browser.newContext()).request, 'admin', adminPassword);
  await newAgent(admin, agent.request, { tag: 'replies', privilegeIds: [1, 2] });

  await test.step('the agent saves a reply with English, Thai and Vietnamese texts', async () => {
    await visit(agent, `${CS_ADMIN}/tickets/saved-replies`);
    await expect(agent.getByRole('heading', { level: 1, name: 'Saved replies' })).toBeVisible();
    await checkA11y(agent);
    await agent.getByRole('button', { name: 'New saved reply' }).click();
    const dialog = agent.getByRole('dialog', { name: 'New saved reply' });
    await dialog.getByLabel('Title (only agents see it)').fill(replyTitle);
    await dialog.getByLabel(/^Text \(English\)/).fill(texts.en);
    await dialog.getByLabel(/^Text \(Thai\)/).fill(texts.th);
    await dialog.getByLabel(/^Text \(Vietnamese\)/).fill(texts.vi);
    await checkA11y(agent, { include: '.ant-modal' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(agent.getByText('Saved reply saved.')).toBeVisible();
    const row = agent.getByRole('row').filter({ hasText: replyTitle });
    await expect(row).toContainText('Thai');
    await expect(row).toContainText('Vietnamese');
  });

  await test.step('the agent previews each language and each ticket, then sends', async () => {
    await visit(agent, `${CS_ADMIN}/tickets`);
    await agent.getByLabel('Words in the title').fill(`Top-up missing ${tag}`);
    await agent.getByRole('button', { name: 'Search' }).click();
    await afterNavigation(agent);
    await agent.getByRole('checkbox', { name: `Select ticket #${thai.workOrderId}` }).check();
    await agent.getByRole('checkbox', { name: `Select ticket #${viet.workOrderId}` }).check();
    await agent.getByRole('button', { name: 'Reply to selected (2)' }).click();
    const dialog = agent.getByRole('dialog');
    // antd's button-style radio hides its input; the agent clicks the label.
    await dialog.getByText("A saved reply in each player's language", { exact: true }).click();
    await expect(
      dialog.getByRole('radio', { name: "A saved reply in each player's language" }),
    ).toBeChecked();
    await dialog.getByRole('combobox', { name: 'Saved reply' }).click();
    await agent.getByTitle(replyTitle, { exact: true }).click();
    await expect(dialog.getByLabel(/^Text \(Thai\)/)).toHaveValue(texts.th);
    await dialog.getByRole('button', { name: 'Preview' }).click();

    const preview = dialog.getByRole('region', { name: 'What each ticket receives' });
    await expect(preview.getByRole('region', { name: 'Thai · 1 ticket' })).toContainText(thaiText);
    await expect(preview.getByRole('region', { name: 'Vietnamese · 1 ticket' })).toContainText(vietText);
    await checkA11y(agent, { include: '.ant-modal' });
    await dialog.getByRole('button', { name: 'Send to 2 tickets' }).click();
    await expect(dialog.getByText('2 of 2 tickets replied.')).toBeVisible();
  });

  await test.step('each player sees the answer in their language', async () => {
    await visit(thaiPlayer, `${PORTAL}/service/order_detail?work_order_id=${thai.workOrderId}`);
    await expect(thaiPlayer.getByText(thaiText)).toBeVisible();
    await visit(vietPlayer, `${PORTAL}/service/order_detail?work_order_id=${viet.workOrderId}`);
    await expect(vietPlayer.getByText(vietText)).toBeVisible();
  });
});
