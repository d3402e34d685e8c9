/**
 * Form checks with the shared schemas of `@gp/contracts/cs`: which fields fail, as message keys of the `service`
 * namespace (a blank required field says "please enter", a filled one says what the rule is).
 */

/** What the forms need of a zod schema (the portal takes the schemas from the contracts, not zod itself). */
interface Checker {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[] }[] } };
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export interface FieldMessages {
  /** When the field is blank. */
  required?: string;
  /** When it is filled but breaks the rule. */
  invalid: string;
}

/** The failing fields of a parse, each with its message key; empty when the values pass. */
export function fieldErrorsOf<F extends string>(
  schema: Checker,
  values: Record<F, unknown>,
  messages: Record<F, FieldMessages>,
): FieldErrors<F> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as F;
    if (!(field in messages) || errors[field]) continue;
    const value = values[field];
    const blank = typeof value === 'string' ? value.trim() === '' : value === undefined || value === null;
    const m = messages[field];
    errors[field] = blank && m.required ? m.required : m.invalid;
  }
  return errors;
}

/** The first field of `order` that has an error. */
export function firstError<F extends string>(order: readonly F[], errors: FieldErrors<F>): F | undefined {
  return order.find((f) => errors[f]);
}
