import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { errorText } from '@gp/i18n';

/** Whether this browser can make and use passkeys at all (WebAuthn); without it nothing of passkeys is shown. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** The name of a browser refusal: @simplewebauthn/browser wraps the DOMException and keeps it as `cause`. */
function refusalOf(error: unknown): { name: string; code?: string } | undefined {
  if (!(error instanceof Error) && !(error instanceof DOMException)) return undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  // Not `instanceof Error`: a DOMException is not one everywhere.
  const { cause } = error as { cause?: { name?: unknown } };
  const causeName = typeof cause?.name === 'string' ? cause.name : undefined;
  return { name: causeName ?? error.name, ...(code ? { code } : {}) };
}

/**
 * A passkey step's failure in the member's words: the server's refusal by its code; the browser's own (cancelled
 * or timed out, a passkey this device holds already, a device or browser that cannot) by what it was.
 */
export function passkeyErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return errorText(t, error.domain, error.code);
  const refusal = refusalOf(error);
  if (!refusal) return t('passkeys.errors.failed');
  if (refusal.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || refusal.name === 'InvalidStateError')
    return t('passkeys.errors.exists');
  if (
    refusal.code?.startsWith('ERROR_AUTHENTICATOR_MISSING') ||
    refusal.name === 'NotSupportedError' ||
    /not supported/i.test(error instanceof Error ? error.message : '')
  )
    return t('passkeys.errors.unsupported');
  if (
    refusal.name === 'NotAllowedError' ||
    refusal.name === 'AbortError' ||
    refusal.code === 'ERROR_CEREMONY_ABORTED'
  )
    return t('passkeys.errors.cancelled');
  if (refusal.name === 'TypeError') return t('errors:common.network');
  return t('passkeys.errors.failed');
}
