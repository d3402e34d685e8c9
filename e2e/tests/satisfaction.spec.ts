/**
 * Satisfaction that teaches (a low rating says why), desktop and phone: a player who rates an answer 1 or 2 stars
 * is asked what went wrong and cannot send the rating without a reason; the reason and their words are kept with
 * the rating, and a lead sees them on the console's ratings screen (desktop only: the console is a desktop tool).
 */
import { expect, test } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { CS_ADMIN, PORTAL } from '../support/hosts.ts';
import { newMember } from '../support/member.ts';
import { onPhone } from '../support/shell.ts';
import { adminPassword, staffCall, staffLogin } from '../support/staff.ts';
import { openTicket } from '../support/tickets.ts';

test('a low rating asks for its reason, which the console shows with the rating', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const h5 = onPhone(testInfo);
  const title = `Slow answer ${testInfo.project.name} ${Date.now().toString(36)}`;
  const words = `Three days for one answer ${Date.now().toString(36)}`;
  const member = await newMember(page.request, `rate-${testInfo.project.name}`);
  const { workOrderId } = await openTicket(page.request, member, {
    title,
    content: 'My gems did not arrive after the top-up.',
  });
  const admin = await staffLogin(request, 'admin', adminPassword);
  await staffCall(admin, 'POST', '/komoe/mng/work_order/reply', {
    work_order_id: workOrderId,
    reply_content: 'Please restart the game; the gems will be there.',
    reply_status: 2,
  });

  await test.step('a rating of 2 asks what went wrong and is not sent without it', async () => {
    await visit(page, `${PORTAL}/service/order_detail?work_order_id=${workOrderId}`, {
      landsOn: new RegExp(`/service${h5 ? '/h5' : ''}/order_detail\\?work_order_id=${workOrderId}`),
    });
    await expect(page.getByRole('group', { name: 'What went wrong?' })).toHaveCount(0);
    await page.getByRole('radio', { name: 'Dissatisfied', exact: true }).check();
    const why = page.getByRole('group', { name: 'What went wrong?' });
    await expect(why).toBeVisible();
    await page.getByRole('button', { name: 'Submit rating' }).click();
    await expect(page.getByText('Please choose what went wrong.')).toBeVisible();
    await expect(why.getByRole('radio', { name: 'The answer was slow' })).toBeFocused();
    await checkA11y(page);
    await why.getByRole('radio', { name: 'The answer was slow' }).check();
    await page.getByRole('textbox', { name: /Tell us more/ }).fill(words);
    await page.getByRole('button', { name: 'Submit rating' }).click();
    await expect(page.getByText('Thank you! Your rating: Dissatisfied.')).toBeVisible();
  });

  await test.step('the reason stays with the rating after a reload', async () => {
    await page.reload();
    await afterNavigation(page);
    await expect(page.getByRole('radio', { name: 'The answer was slow' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: /Tell us more/ })).toHaveValue(words);
  });

  if (h5) return;
  await test.step('the lead sees the rating and its reason on the ratings screen', async () => {
    const console = await (await browser.newContext()).newPage();
    await staffLogin(console.request, 'admin', adminPassword);
    await visit(console, `${CS_ADMIN}/ratings`, {
      ready: async (p) => {
        await expect(p.getByText('The ratings of every agent.')).toBeVisible();
      },
    });
    const low = console.getByRole('table', { name: 'Latest ratings of 1 or 2 stars' });
    const row = low.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Dissatisfied');
    await expect(row).toContainText('Slow answer');
    await expect(row).toContainText(words);
    await expect(
      console.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Ratings' }),
    ).toBeVisible();
    await console.context().close();
  });
});
