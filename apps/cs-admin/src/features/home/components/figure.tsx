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

const Plots = lazy(() => import('./plots.tsx'));

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export function FigureTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  className,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  empty: string;
  className?: string | undefined;
}) {
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
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {empty}
          </Typography.Paragraph>
        ) : (
          <>
            {!asTable && (
              <div aria-hidden="true" data-testid="figure-chart" style={{ minHeight: 240, marginTop: 8 }}>
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
