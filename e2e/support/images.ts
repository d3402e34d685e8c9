import { expect, type Locator } from '@playwright/test';

/** Every image in `images` has loaded (lazy ones are scrolled into view first): complete with naturalWidth > 0. */
export async function expectImagesLoaded(images: Locator): Promise<void> {
  const count = await images.count();
  expect(count, 'no images to check').toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const image = images.nth(i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
        message: `image ${i + 1} of ${count} (${await image.getAttribute('src')}) did not load`,
      })
      .toBeGreaterThan(0);
  }
}
