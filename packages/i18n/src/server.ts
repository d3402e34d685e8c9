/**
 * Error messages for the API's envelope `message`, in the caller's language. Static imports: the server loads
 * every language once at start.
 */
import { messageKey, type ErrorDomain } from '@gp/errors';
import type { LanguageCode } from '@gp/config';
import en from '../locales/en/errors.json' with { type: 'json' };
import th from '../locales/th/errors.json' with { type: 'json' };
import cn from '../locales/cn/errors.json' with { type: 'json' };
import vi from '../locales/vi/errors.json' with { type: 'json' };
import zh from '../locales/zh/errors.json' with { type: 'json' };

const messages: Partial<Record<LanguageCode, unknown>> = { en, th, cn, vi, zh };

function lookup(tree: unknown, key: string): string | undefined {
  let node: unknown = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function serverMessage(lang: LanguageCode, domain: ErrorDomain, code: number): string {
  const key = messageKey(domain, code);
  return lookup(messages[lang], key) ?? lookup(en, key) ?? key;
}
