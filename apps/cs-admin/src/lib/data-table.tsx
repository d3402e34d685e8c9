import { Fragment, type ReactNode } from 'react';
import { flexRender, type Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import styles from './data-table.module.css';
import layout from './layout.module.css';

/**
 * A @tanstack/react-table table as plain table markup: a caption for screen readers, column headers with
 * `scope`, and an optional detail row under each expanded row.
 */
export function DataTable<T>({
  table,
  caption,
  empty,
  detail,
  busy = false,
  className = styles.wrap,
  region = false,
}: {
  table: Table<T>;
  caption: string;
  empty: string;
  /** The content of an expanded row's detail line. */
  detail?: (row: T) => ReactNode;
  busy?: boolean;
  /** The frame's class (the console's table frame unless given). */
  className?: string | undefined;
  /** A table that may scroll sideways in a narrow column: a named region keyboard users can focus and scroll. */
  region?: boolean;
}) {
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns().length;
  return (
    <div className={className} {...(region ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}>
      <table className={styles.table} aria-busy={busy}>
        {/* Read by screen readers; the screen's heading already names the table for sighted users. */}
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col">
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns} className={styles.empty}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <Fragment key={row.id}>
                <tr>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
                {detail && row.getIsExpanded() && (
                  <tr className={styles.detail} id={detailRowId(row.id)}>
                    <td colSpan={columns}>{detail(row.original)}</td>
                  </tr>
                )}
              </Fragment>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The id of a row's detail line, for the toggle's aria-controls. */
export function detailRowId(rowId: string): string {
  return `detail-${rowId}`;
}

/** A time in a table cell: date and time to the second in the console language, kept on one line. */
export function TimeCell({ iso }: { iso: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={layout.nowrap}>{formatDate(iso, i18n.language, { style: mediumDateTimeSeconds })}</span>
  );
}
