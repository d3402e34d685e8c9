/**
 * Customer service for players end to end, desktop and phone: search the FAQ without logging in; log in, submit a
 * question with a screenshot, find it in the history and open it; after an agent's reply (sent through the staff
 * desk's own reply call; desk.spec.ts drives the console screens), rate the answer and ask a follow-up.
 */
import { expect, test } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { PORTAL } from '../support/hosts.ts';
import { newMember } from '../support/member.ts';
import { onPhone } from '../support/shell.ts';
import { pngImage } from '../support/images.ts';
import { adminPassword, staffCall, staffLogin } from '../support/staff.ts';

test('search the FAQ without logging in', async ({ page }, testInfo) => {
  const h5 = onPhone(testInfo);
  await visit(page, `${PORTAL}/service`, { landsOn: `${PORTAL}/service${h5 ? '/h5' : ''}` });
  const search = page
    .getByRole('search', { name: 'Search the FAQ' })
    .or(page.getByRole('form', { name: 'Search the FAQ' }));
  await search.getByRole('searchbox', { name: 'Keyword' }).fill('password');
  await search.getByRole('button', { name: 'Search' }).click();
  const answer = page.getByRole('button', { name: 'How do I reset my password?' });
  await expect(answer).toBeVisible();
  await answer.click();
  await expect(page.getByText('On the login page, choose "Forgot password"', { exact: false })).toBeVisible();
  await checkA11y(page);
});

test('submit a question with a screenshot, find it, then rate the reply and follow up', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const h5 = onPhone(testInfo);
  const base = `${PORTAL}/service${h5 ? '/h5' : ''}`;
  const title = `Gems missing ${testInfo.project.name} ${Date.now()}`.slice(0, 60);
  await newMember(page.request, `cs-${testInfo.project.name}`);

  await test.step('submit a question with an image', async () => {
    await visit(page, `${PORTAL}/service/question`, { landsOn: `${base}/question` });
    await page.getByRole('combobox', { name: 'Game' }).selectOption({ label: 'Starfall Legends' });
    await page.getByRole('combobox', { name: 'Question type' }).selectOption({ label: 'Top-up & payment' });
    await page.getByRole('textbox', { name: 'Character ID' }).fill('SFL10023');
    await page.getByRole('textbox', { name: 'Character name' }).fill('Mali');
    await page.getByRole('textbox', { name: 'E-mail for replies' }).fill('mali@example.com');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page
      .getByRole('textbox', { name: 'Description' })
      .fill('I bought 980 gems an hour ago. They have not arrived.');
    await page
      .getByLabel('Add files')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(page.getByText('Uploaded')).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Submit ticket' }).click();
    await expect(page.getByRole('heading', { name: 'Your ticket has been submitted' })).toBeVisible();
    await page.getByRole('link', { name: 'View your ticket' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await afterNavigation(page);
  });
  const workOrderId = new URL(page.url()).searchParams.get('work_order_id');
  expect(workOrderId).toBeTruthy();

  await test.step('find it in the history', async () => {
    await visit(page, `${PORTAL}/service/history`, { landsOn: `${base}/history` });
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });

  await test.step('an agent replies; the player rates the answer', async () => {
    const agent = await staffLogin(request, 'admin', adminPassword);
    await staffCall(agent, 'POST', '/komoe/mng/work_order/reply', {
      work_order_id: Number(workOrderId),
      reply_content: 'We have sent the 980 gems again. Please check your mailbox.',
      reply_status: 2,
    });
    await page.reload();
    await afterNavigation(page);
    await expect(page.getByText('We have sent the 980 gems again.', { exact: false })).toBeVisible();
    await page.getByRole('radio', { name: 'Satisfied', exact: true }).check();
    await page.getByRole('button', { name: 'Submit rating' }).click();
    await expect(page.getByText('Thank you! Your rating: Satisfied.')).toBeVisible();
    await checkA11y(page);
  });

  await test.step('follow up', async () => {
    await page.getByRole('link', { name: 'Ask a follow-up question' }).click();
    await page
      .getByRole('textbox', { name: 'Your follow-up question' })
      .fill('Thanks, they arrived. One more question.');
    await page.getByRole('button', { name: 'Send follow-up' }).click();
    await expect(page.getByText('Thanks, they arrived. One more question.')).toBeVisible();
    await expect(page).toHaveURL(
      new RegExp(`/service${h5 ? '/h5' : ''}/order_detail\\?work_order_id=${workOrderId}`),
    );
    await checkA11y(page);
  });
});
