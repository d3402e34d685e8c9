/**
 * What staff change in the console reaches players, with no cache to clear: an editor writes a news item in two
 * languages, previews it, schedules it a minute ahead and sees it appear on the portal by itself; an FAQ entry
 * switched online shows in the players' FAQ search. These change what every player page lists, so they run in
 * their own project after the player journeys (playwright.config.ts), on the desktop only (the console is a
 * desktop tool).
 */
import { expect, test, type Page } from '@playwright/test';
import { afterNavigation, checkA11y, visit } from '../support/a11y.ts';
import { fetchWeb, type Article } from '../support/content.ts';
import { CS_ADMIN, PORTAL } from '../support/hosts.ts';
import { pngImage } from '../support/images.ts';
import { adminPassword, staffLogin } from '../support/staff.ts';
import { closePopup } from '../support/windows.ts';

/** Picks the first option of an antd select, found by its label, with the keyboard. */
async function pickFirst(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** "YYYY-MM-DD HH:mm" in the browser's time zone (playwright.config.ts pins Asia/Bangkok, UTC+7). */
function bangkokMinute(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

test('an editor writes news in two languages, previews it, schedules it and sees it appear on the portal', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const en = `Lantern festival event ${tag}`;
  const th = `กิจกรรมเทศกาลโคมไฟ ${tag}`;
  await staffLogin(page.request, 'admin', adminPassword);

  await test.step('write it in English and Thai and save it as a draft', async () => {
    await visit(page, `${CS_ADMIN}/content/news/new`);
    const panel = () => page.getByRole('tabpanel');
    await panel().getByLabel('Title', { exact: true }).fill(en);
    await panel().getByLabel('Body', { exact: true }).click();
    await page.keyboard.type('Light a lantern in town and collect the festival rewards.');
    await page.getByRole('tab', { name: /ไทย/ }).click();
    await panel().getByLabel('Title', { exact: true }).fill(th);
    await panel().getByLabel('Body', { exact: true }).click();
    await page.keyboard.type('จุดโคมไฟในเมืองแล้วรับรางวัลเทศกาล');
    await page.getByRole('radiogroup', { name: 'Category' }).getByText('Event', { exact: true }).click();
    for (const cover of ['cover_media_id', 'cover_h5_media_id']) {
      await page
        .getByTestId(`${cover}-file`)
        .setInputFiles({ name: 'lantern.png', mimeType: 'image/png', buffer: pngImage() });
    }
    await expect(page.getByText('No picture yet.')).toHaveCount(0);
    await checkA11y(page);
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Created.')).toBeVisible();
  });

  await test.step('the preview shows the draft on the portal; players do not see it', async () => {
    const [preview] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Preview (desktop)' }).click(),
    ]);
    await preview.waitForLoadState();
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(en);
    await afterNavigation(preview);
    await closePopup(preview);
    const list = await fetchWeb<{ list: Article[] }>(request, '/news/page', { page_num: 1, page_size: 50 });
    expect(list.list.map((a) => a.title)).not.toContain(en);
  });

  const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  await test.step('schedule it a minute or two ahead', async () => {
    await page.getByRole('radiogroup', { name: 'Status' }).getByText('Schedule', { exact: true }).click();
    const publishAt = page.getByLabel('Publish at', { exact: true });
    await publishAt.click();
    await publishAt.fill(bangkokMinute(at));
    await publishAt.press('Enter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved.').first()).toBeVisible();
    const list = await fetchWeb<{ list: Article[] }>(request, '/news/page', { page_num: 1, page_size: 50 });
    expect(list.list.map((a) => a.title)).not.toContain(en);
  });

  await test.step('at its time it is on the portal, in English and in Thai', async () => {
    await expect
      .poll(
        async () => {
          const list = await fetchWeb<{ list: Article[] }>(request, '/news/page', {
            page_num: 1,
            page_size: 50,
          });
          return list.list.map((a) => a.title);
        },
        { message: 'the scheduled item appears', timeout: 150_000, intervals: [5_000] },
      )
      .toContain(en);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    const thai = await fetchWeb<{ list: Article[] }>(
      request,
      '/news/page',
      { page_num: 1, page_size: 50 },
      'th',
    );
    expect(thai.list.map((a) => a.title)).toContain(th);
    const player = await (await page.context().browser()!.newContext()).newPage();
    await visit(player, `${PORTAL}/news`);
    await expect(player.getByRole('link', { name: en })).toBeVisible();
  });
});

test('an FAQ entry switched online shows in the players\u2019 FAQ search', async ({ page }) => {
  // Two apps, a staff login, a form, a switch, axe and a second browser context: about 28 s on a quiet machine.
  test.slow();
  const tag = Date.now().toString(36);
  const title = `How do I claim lantern rewards ${tag}?`;
  await staffLogin(page.request, 'admin', adminPassword);
  await visit(page, `${CS_ADMIN}/faq`);
  await page.getByRole('button', { name: 'Add FAQ entry' }).click();
  await afterNavigation(page);
  await pickFirst(page, 'Question type');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Question (English)').fill(title);
  await panel
    .getByLabel('Answer (English)')
    .fill('Open the event page and press Claim before the festival ends.');
  // The form says what saving does; once saved, the console goes back to the list at once (so the hint is
  // looked for before, and the save's confirmation after).
  await expect(page.getByText('The entry stays offline after saving', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('FAQ entry added. It stays offline', { exact: false })).toBeVisible();

  await visit(page, `${CS_ADMIN}/faq?keyword=${tag}`);
  const online = page.getByRole('switch', { name: `Online: ${title}` });
  await expect(online).not.toBeChecked();
  await online.click();
  await expect(online).toBeChecked();
  await checkA11y(page);

  const player = await (await page.context().browser()!.newContext()).newPage();
  await visit(player, `${PORTAL}/service`);
  const search = player.getByRole('search', { name: 'Search the FAQ' });
  await search.getByRole('searchbox', { name: 'Keyword' }).fill(tag);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(player.getByRole('button', { name: title })).toBeVisible();
});
