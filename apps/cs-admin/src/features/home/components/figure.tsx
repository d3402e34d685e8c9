/**
 * One figure of the home: its title, a chart (a picture, hidden from screen readers) and the same numbers as a
 * table. The table is always in the page for screen readers; "Show as table" shows it to everyone, in place of
 * the chart.
 */
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Typography } from 'antd';
import { formatNumber } from '@gp/i18n/format';
import { hourRows, seriesPoints, type HourRow } from '../model/figures.ts';
import type { ChartSpec } from './plots.tsx';
import styles from '../../../lib/data-table.module.css';
import layout from '../../../lib/layout.module.css';
import own from './figure.module.css';

const Plots = lazy(() => import('./plots.tsx'));

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

interface FigureTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  empty: string;
  className?: string | undefined;
}

export function FigureTable<T>({ caption, columns, rows, rowKey, empty, className }: FigureTableProps<T>) {
  const hidden = className === 'sr-only';
  return (
    // A visible table may scroll sideways in a narrow column: a named region keyboard users can focus and scroll.
    <div
      className={className ?? styles.wrap}
      {...(hidden ? {} : { role: 'region', 'aria-label': caption, tabIndex: 0 })}
    >
      <table className={styles.table}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.empty}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row, i)}>
                {columns.map((c) => (
                  <td key={c.header}>{c.cell(row)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A table of its own on the home (the tickets waiting longest, today's money): a card headed by its title (`id`
 * names the section), a line about it, and the table.
 */
export function TableCard<T>({
  id,
  title,
  note,
  ...table
}: { id: string; title: string; note?: ReactNode } & Omit<FigureTableProps<T>, 'caption' | 'className'>) {
  return (
    <Card size="small">
      <section aria-labelledby={id}>
        <Typography.Title
          level={3}
          id={id}
          className={note ? layout.sectionTitle : `${layout.sectionTitle} ${layout.gapBelowTight}`}
        >
          {title}
        </Typography.Title>
        {note && (
          <Typography.Paragraph type="secondary" className={own.note}>
            {note}
          </Typography.Paragraph>
        )}
        <FigureTable caption={title} {...table} />
      </section>
    </Card>
  );
}

/** The "extra" line of a figure: a sentence under its title. */
export function FigureNote({ children }: { children: ReactNode }) {
  return <Typography.Paragraph className={own.extra}>{children}</Typography.Paragraph>;
}

/** A link inside a figure's sentence, underlined. */
export const inlineLinkClass = own.inlineLink;

export function Figure<T>({
  title,
  chart,
  columns,
  rows,
  rowKey,
  empty,
  extra,
}: {
  title: string;
  chart: ChartSpec;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  empty: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Card size="small">
      <section aria-labelledby={headingId}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Typography.Title level={3} id={headingId} className={layout.sectionTitle}>
            {title}
          </Typography.Title>
          {rows.length > 0 && (
            <Button size="small" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
              {t('consoleHome.showTable')}
            </Button>
          )}
        </Flex>
        {extra}
        {rows.length === 0 ? (
          <Typography.Paragraph type="secondary" className={own.empty}>
            {empty}
          </Typography.Paragraph>
        ) : (
          <>
            {!asTable && (
              <div aria-hidden="true" data-testid="figure-chart" className={own.chart}>
                <Suspense fallback={null}>
                  <Plots spec={chart} />
                </Suspense>
              </div>
            )}
            <FigureTable
              caption={title}
              columns={columns}
              rows={rows}
              rowKey={rowKey}
              empty={empty}
              className={asTable ? styles.wrap : 'sr-only'}
            />
          </>
        )}
      </section>
    </Card>
  );
}

/**
 * A per-hour figure of two or more series (tickets today against last week, top-ups paid against credited): the
 * chart and a table with a column per series, from the same rows.
 */
export function HourlyFigure({
  title,
  kind,
  series,
  counts,
  empty,
}: {
  title: string;
  kind: Extract<ChartSpec['kind'], 'line' | 'column'>;
  /** The series' names, in the order of `counts`. */
  series: string[];
  /** Per series, one count per hour of the day. */
  counts: number[][];
  empty: string;
}) {
  const { t, i18n } = useTranslation('admin');
  const hours = hourRows(counts);
  return (
    <Figure<HourRow>
      title={title}
      chart={{ kind, data: seriesPoints(hours, series) }}
      columns={[
        { header: t('consoleHome.hour'), cell: (r) => r.hour },
        ...series.map((name, i) => ({
          header: name,
          cell: (r: HourRow) => formatNumber(r.values[i] ?? 0, i18n.language),
        })),
      ]}
      rows={hours}
      rowKey={(r) => r.hour}
      empty={empty}
    />
  );
}
