import type { z } from 'zod';

/**
 * An antd Form rule from a contract's field schema, so the console checks what the server will check, with a
 * translated message instead of zod's.
 */
export function zodRule(schema: z.ZodType, message: string) {
  return {
    validator: (_rule: unknown, value: unknown) =>
      schema.safeParse(value ?? '').success ? Promise.resolve() : Promise.reject(new Error(message)),
  };
}

/**
 * The same for an optional filter typed as text (a UID, a ticket number): nothing typed passes, anything else is
 * checked, trimmed, by the contract's schema.
 */
export function optionalTextRule(schema: z.ZodType, message: string) {
  const rule = zodRule(schema, message);
  return {
    validator: (_rule: unknown, value: unknown) =>
      typeof value !== 'string' || value.trim() === ''
        ? Promise.resolve()
        : rule.validator(_rule, value.trim()),
  };
}
