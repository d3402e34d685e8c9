/**
 * Chromium's virtual authenticator (CDP `WebAuthn`), for journeys that make and use passkeys: a platform
 * authenticator that keeps discoverable credentials and verifies its user (as a phone's fingerprint or a laptop's
 * PIN would), answering every prompt at once.
 */
import type { Page } from '@playwright/test';

export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
