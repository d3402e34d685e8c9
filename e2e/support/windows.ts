/**
 * Windows a page opens (the preview, the provider's checkout). Closing one leaves its opener in the background in
 * headless Chromium, where requestAnimationFrame does not run: antd's motions (a button's loading icon leaving)
 * then never finish and the opener's buttons keep their "loading" names. A player who closes the window is back
 * on the opener, so the journey brings it to the front as the browser would.
 */
import type { Page } from '@playwright/test';

export async function closePopup(popup: Page): Promise<void> {
  const opener = await popup.opener();
  await popup.close();
  await opener?.bringToFront();
}
