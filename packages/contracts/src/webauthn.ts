/**
 * WebAuthn as the calls carry it (the staff's second factor, the members' passkeys): the options the server
 * gives `@simplewebauthn/browser` and the browser's answer it gives back.
 */
import { z } from 'zod';

/** A WebAuthn answer as `@simplewebauthn/browser` gives it (checked in full by the server's verification). */
export const webauthnResponse = z.object({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});
export type WebAuthnAnswer = z.input<typeof webauthnResponse>;

/** WebAuthn options for `@simplewebauthn/browser` (`optionsJSON`). */
export const webauthnOptions = z.record(z.string(), z.unknown());

/**
 * The same answer as one field of a form-encoded call (a contact change's proof of the owner): its JSON text,
 * which the API client writes for an object value and the server parses back.
 */
export const webauthnResponseText = z
  .string()
  .max(16_000)
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(webauthnResponse);
