/** Column types the ORM lacks and the columns every table repeats. */
import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary content. PGlite answers Uint8Array, node-postgres Buffer (a Uint8Array too). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
