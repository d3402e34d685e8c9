/**
 * The ticket desk end to end: the administrator creates an agent who may only read and answer tickets;
 * the agent logs in, changes the one-time password, finds a player's ticket in the queue and answers it while a
 * second agent, opening the same ticket, is told who is handling it; the player sees the answer, gets the e-mail
 * notice and rates it. The console is a desktop tool: desktop project only.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { CS_ADMIN, PORTAL } from '../support/hosts.ts';
import { readMail } from '../support/mailbox.ts';
import { newMember } from '../support/member.ts';
import {
  adminPassword,
  changeOneTimePassword,
  consoleLogin,
  newAgent,
  staffLogin,
} from '../support/staff.ts';
import { openTicket } from '../support/tickets.ts';

async function pageIn(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('an agent with reply-only privileges answers a player, who sees and rates the answer', async ({
  browser,
}) => {
  // Three people (an administrator, two agents) and a player each open the console or the portal: on two cores
  // beside another worker the console's first renders alone took 90 s of the 120 it had.
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const title = `Gems missing after top-up ${tag}`;

  const player = await pageIn(browser);
  const member = await newMember(player.request, 'desk');
  const { workOrderId } = await openTicket(player.request, member, {
    title,
    content: 'I paid for 980 gems yesterday but my character did not get them.',
  });

  const agentId = `agent-${tag}`;
  const oneTime = `Agent first ${tag} 1`;
  const agentPassword = `Agent own ${tag} 2`;

  await test.step('the administrator creates an agent who may read and answer tickets', async () => {
    const admin = await pageIn(browser);
    await consoleLogin(admin, 'admin', adminPassword);
    await admin.getByRole('navigation', { name: 'Console menu' }).getByText('Staff accounts').click();
    await afterNavigation(admin);
    await admin.getByRole('button', { name: 'Add account' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add staff account' });
    await dialog.getByLabel('Account ID').fill(agentId);
    await dialog.getByLabel('Name').fill(`Agent ${tag}`);
    await dialog.getByLabel('One-time password').fill(oneTime);
    await dialog.getByRole('checkbox', { name: /^View tickets/ }).check();
    await dialog.getByRole('checkbox', { name: /^Reply to tickets/ }).check();
    await checkA11y(admin, { include: '.ant-modal' });
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(admin.getByText(`Account ${agentId} has been created.`)).toBeVisible();
    const row = admin.getByRole('row').filter({ hasText: agentId });
    await expect(row).toContainText('View tickets');
    await expect(row).toContainText('Reply to tickets');
    await expect(row).not.toContainText('Export tickets');
    await admin.context().close();
  });

  const agent = await pageIn(browser);
  await test.step('the agent logs in, chooses a password and finds the ticket in the queue', async () => {
    await consoleLogin(agent, agentId, oneTime);
    await changeOneTimePassword(agent, oneTime, agentPassword);
    // The console opens on the day at a glance; the queue is one click away in the menu.
    await expect(agent).toHaveURL(/\/home/);
    await afterNavigation(agent);
    // Only what the privileges allow: no staff accounts, no export.
    const menu = agent.getByRole('navigation', { name: 'Console menu' });
    await menu.getByRole('link', { name: 'Ticket queue' }).click();
    await expect(agent).toHaveURL(/\/tickets/);
    await afterNavigation(agent);
    await expect(menu.getByText('Staff accounts')).toHaveCount(0);
    await expect(agent.getByRole('button', { name: /Export/ })).toHaveCount(0);
    await agent.getByLabel('Words in the title').fill(tag);
    await agent.getByRole('button', { name: 'Search' }).click();
    await agent.getByRole('link', { name: title }).click();
    await expect(agent.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await afterNavigation(agent);
  });

  const reply = 'We have credited the 980 gems again. Please restart the game to see them.';
  await test.step('the agent takes the ticket; a second agent is told who handles it', async () => {
    await agent.getByLabel('Reply to the member').click();
    await expect(agent.getByText("You're handling this ticket.", { exact: false })).toBeVisible();

    const second = await pageIn(browser);
    const admin = await staffLogin((await browser.newContext()).request, 'admin', adminPassword);
    await newAgent(admin, second.request, { tag: 'second', privilegeIds: [1, 2] });
    await visit(second, `${CS_ADMIN}/tickets/${workOrderId}`);
    await second.getByLabel('Reply to the member').click();
    await expect(second.getByText(`Agent ${tag} is handling this ticket`, { exact: false })).toBeVisible();
    await checkA11y(second);
    await second.context().close();

    await agent.getByLabel('Reply to the member').fill(reply);
    await agent.getByRole('button', { name: 'Send reply' }).click();
    await expect(agent.getByText('Reply sent. The member can see it now.')).toBeVisible();
    await expect(agent.getByText(reply)).toBeVisible();
    await checkA11y(agent);
  });

  await test.step('the player sees the answer, has the e-mail notice, and rates it', async () => {
    await visit(player, `${PORTAL}/service/order_detail?work_order_id=${workOrderId}`);
    await expect(player.getByText(reply)).toBeVisible();
    await readMail(player.request, member.email, /credited the 980 gems again/);
    await player.getByRole('radio', { name: 'Excellent', exact: true }).check();
    await player.getByRole('button', { name: 'Submit rating' }).click();
    await expect(player.getByText('Thank you! Your rating: Excellent.')).toBeVisible();
    await checkA11y(player);
  });
});
