/**
 * Playwright's webServer waits for the API's /healthz only, and the same process opens the four app ports right
 * after it. Wait for those too so the first test never races the server.
 */
import { APP_ORIGINS } from './hosts.ts';

export default async function globalSetup(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (const origin of APP_ORIGINS) {
    for (;;) {
      try {
        const response = await fetch(origin, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(`${origin} did not answer within 30 s of the API being healthy`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
