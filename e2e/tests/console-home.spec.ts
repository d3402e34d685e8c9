/**
 * The console's day at a glance (each figure behind its privilege): a player opens tickets and pays for an order
 * whose credit cannot be delivered; the console's home then shows those tickets and that order in its figures
 * (each chart drawn, its numbers also as a table), links the order to its panel, and an agent with only the
 * ticket privilege sees the ticket figures but none of the money. The console is a desktop tool: desktop project
 * only.
 */
import { expect, test, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { CS_ADMIN } from '../support/hosts.ts';
import { newMember } from '../support/member.ts';
import { adminPassword, newAgent, staffCall, staffLogin, type StaffApi } from '../support/staff.ts';
import { openTicket } from '../support/tickets.ts';
import {
  dearestItems,
  gameServerSwitch,
  payGames,
  payInSandbox,
  placeOrder,
  rechargeableCharacter,
  type Recipient,
} from '../support/topup.ts';

/** The parts of the home's answers (@gp/contracts/console-home) this journey compares. */
interface HomeTicketsData {
  open_by_state: { status: number; count: number }[];
  waiting_total: number;
  today: number[];
}
interface HomeTopUpsData {
  paid: number[];
  money: { currency: string; paid_count: number; paid_minor: number }[];
  stuck_total: number;
}

// The browsers run in this zone (playwright.config.ts); the home counts hours on the agent's wall clock.
const tz = 'Asia/Bangkok';

const figures = async (admin: StaffApi) => ({
  tickets: await staffCall<HomeTicketsData>(admin, 'GET', '/komoe/mng/home/tickets', { tz }),
  topUps: await staffCall<HomeTopUpsData>(admin, 'GET', '/komoe/mng/home/top_ups', { tz }),
});

/** The cells of a figure's table row (its tables are there for screen readers, found by their caption). */
function row(page: Page, table: string, first: string) {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: first });
}

test('the home’s figures match the tickets and the order the test created', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const admin = await staffLogin(page.request, 'admin', adminPassword);
  const before = await figures(admin);

  const player = await (await browser.newContext()).newPage();
  const game = (await payGames(player.request, 'en')).find((g) => g.game_id === 'sfl_sea');
  expect(game, 'Starfall Legends is a demo game').toBeDefined();
  let recipient: Recipient | undefined;
  let mid = 0;
  let member: Awaited<ReturnType<typeof newMember>> | undefined;
  for (let attempt = 1; !recipient; attempt++) {
    member = await newMember(player.request, `home-${tag}`);
    mid = member.mid;
    recipient = await rechargeableCharacter(player.request, game!.game_base_id);
    expect(attempt, `${attempt} new members had no character to top up`).toBeLessThan(5);
  }
  const titles = [`Home figure one ${tag}`, `Home figure two ${tag}`];
  for (const title of titles)
    await openTicket(player.request, member!, { title, content: 'Counted on the console home.' });
  // The game server refuses this character's credit: the order is paid and stays uncredited.
  await gameServerSwitch(
    player.request,
    'delivery_fails',
    { gameBaseId: game!.game_base_id, mid, recipient },
    true,
  );
  const item = (await dearestItems(player.request, game!, 'en')).find((i) => i.currency === 'THB')!;
  const order = await placeOrder(player.request, game!, recipient, item, 'en');
  await payInSandbox(player.request, order);
  await expect
    .poll(async () => (await figures(admin)).topUps.stuck_total, {
      message: 'the order is paid',
      timeout: 20_000,
    })
    .toBe(before.topUps.stuck_total + 1);
  const after = await figures(admin);

  await test.step('the ticket figures count the new tickets', async () => {
    await visit(page, `${CS_ADMIN}/`, {
      landsOn: `${CS_ADMIN}/home`,
      ready: async (p) => {
        await expect(p.getByRole('heading', { level: 2, name: 'Top-ups' })).toBeVisible();
        // The charts are drawn (lazy-loaded) beside their tables.
        await expect(p.getByTestId('figure-chart').locator('canvas').first()).toBeVisible();
      },
    });
    const noReply = (d: HomeTicketsData) => d.open_by_state.find((s) => s.status === 0)!.count;
    expect(noReply(after.tickets) - noReply(before.tickets)).toBeGreaterThanOrEqual(2);
    await expect(row(page, 'Open tickets by status', 'No reply')).toContainText(
      String(noReply(after.tickets)),
    );
    const sumToday = (d: HomeTicketsData) => d.today.reduce((a, b) => a + b, 0);
    expect(sumToday(after.tickets) - sumToday(before.tickets)).toBeGreaterThanOrEqual(2);
    await expect(page.getByText(`${after.tickets.waiting_total} tickets are waiting for us.`)).toBeVisible();
  });

  await test.step('the top-up figures count the paid order and link it while it is not credited', async () => {
    const thb = (d: HomeTopUpsData) => d.money.find((m) => m.currency === 'THB');
    expect((thb(after.topUps)?.paid_count ?? 0) - (thb(before.topUps)?.paid_count ?? 0)).toBe(1);
    expect((thb(after.topUps)?.paid_minor ?? 0) - (thb(before.topUps)?.paid_minor ?? 0)).toBeGreaterThan(0);
    await expect(row(page, "Today's money by currency", 'THB').getByRole('cell').nth(1)).toHaveText(
      String(thb(after.topUps)!.paid_count),
    );
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    expect(after.topUps.paid[hour]! - before.topUps.paid[hour]!).toBeGreaterThanOrEqual(1);
    const link = page.getByRole('link', { name: order.order_no });
    await expect(link).toBeVisible();
    await page.getByRole('button', { name: 'Show as table' }).first().click();
    await expect(page.getByRole('button', { name: 'Show as table' }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await checkA11y(page);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/pay/orders\\?order_no=${order.order_no}`));
    await expect(page.getByRole('dialog').getByText(order.order_no).first()).toBeVisible();
  });

  await test.step('an agent with the ticket privilege alone sees no money', async () => {
    const agentPage = await (await browser.newContext()).newPage();
    await newAgent(admin, agentPage.request, { tag: `home${tag}`, privilegeIds: [1] });
    await visit(agentPage, `${CS_ADMIN}/`, {
      landsOn: `${CS_ADMIN}/home`,
      ready: async (p) => {
        await expect(p.getByRole('heading', { level: 2, name: 'Tickets' })).toBeVisible();
      },
    });
    await expect(agentPage.getByRole('heading', { name: 'Top-ups' })).toHaveCount(0);
    const menu = agentPage.getByRole('navigation', { name: 'Console menu' });
    await expect(menu.getByRole('link', { name: 'Ticket queue' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Top-up orders' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Ratings' }).click();
    await afterNavigation(agentPage, {
      ready: async (p) => {
        await expect(p.getByText('Only the ratings of the tickets you handled.')).toBeVisible();
      },
    });
    await agentPage.context().close();
  });
  await gameServerSwitch(
    player.request,
    'delivery_fails',
    { gameBaseId: game!.game_base_id, mid, recipient },
    false,
  );
  await player.context().close();
});
