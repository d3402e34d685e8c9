/**
 * A table's columns by their names: `columnsOf(csFile, 'fileName', 'kind')` as the fields of a select, and
 * `columnsEqual(verificationCode, { channel, target })` as the filter "these columns hold these values".
 */
import { and, eq, getTableColumns, type SQL, type Table } from 'drizzle-orm';

type Columns<T extends Table> = T['_']['columns'];

export function columnsOf<T extends Table, K extends keyof Columns<T> & string>(
  table: T,
  ...names: K[]
): Pick<Columns<T>, K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<Columns<T>, K>;
}

/** Each named column equal to its value, all of them. */
export function columnsEqual<T extends Table>(
  table: T,
  values: { [K in keyof Columns<T>]?: Columns<T>[K]['_']['data'] },
): SQL {
  const all = getTableColumns(table);
  return and(...Object.entries(values).map(([name, value]) => eq(all[name]!, value)))!;
}
