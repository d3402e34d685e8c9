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
