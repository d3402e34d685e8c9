/**
 * What tests outside the API (the e2e journeys) use of the content module: a preview link's token, signed as the
 * console signs it. A leaf, so a program without the app's type declarations can import it.
 */
export { createPreviewToken, type PreviewKind } from './preview-token.ts';
