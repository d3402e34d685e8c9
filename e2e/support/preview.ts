/**
 * Preview links for unpublished news and activities (the pre-detail routes). The server under test gets this
 * secret through the webServer env (playwright.config.ts), so the tests mint tokens it accepts, exactly as the
 * staff console does with the production secret. Test-only: never a real secret.
 */
import { createPreviewToken, type PreviewKind } from '../../apps/api/src/modules/content/testing.ts';

export const PREVIEW_SECRET = 'e2e-only-preview-secret-4f1c9a7b2d6e8f30';

/**
 * A token for one item, valid for `ttlSeconds` from now (negative: already expired). The server under test runs
 * on the system clock, so "now" here is the wall clock too.
 */
export const previewToken = (kind: PreviewKind, id: number, ttlSeconds: number): string =>
  createPreviewToken(PREVIEW_SECRET, kind, id, ttlSeconds, new Date());
