/**
 * Some of a table's columns, by their names, as the fields of a select: `db.select(columnsOf(csFile, 'fileName',
 * 'kind'))` reads those two, typed as the table's columns.
 */
import { getTableColumns, type Table } from 'drizzle-orm';

export function columnsOf<T extends Table, K extends keyof T['_']['columns'] & string>(
  table: T,
  ...names: K[]
): Pick<T['_']['columns'], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}
