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
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../../../lib/data-table.tsx';
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

/** The figure's numbers as a table: shown in place of the chart, or there only for screen readers (`sr-only`). */
export function FigureTable<T>({ caption, columns, rows, rowKey, empty, className }: FigureTableProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns: columns.map((c): ColumnDef<T> => ({
      id: c.header,
      header: c.header,
      cell: ({ row }) => c.cell(row.original),
    })),
    getRowId: (row, index) => String(rowKey(row, index)),
    getCoreRowModel: getCoreRowModel(),
  });
  return (
    <DataTable
      table={table}
      caption={caption}
      empty={empty}
      className={className}
      region={className !== 'sr-only'}
    />
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
  extra,
  ...table
}: { title: string; chart: ChartSpec; extra?: ReactNode } & Omit<
  FigureTableProps<T>,
  'caption' | 'className'
>) {
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
          {table.rows.length > 0 && (
            <Button size="small" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
              {t('consoleHome.showTable')}
            </Button>
          )}
        </Flex>
        {extra}
        {table.rows.length === 0 ? (
          <Typography.Paragraph type="secondary" className={own.empty}>
            {table.empty}
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
            <FigureTable caption={title} {...table} className={asTable ? styles.wrap : 'sr-only'} />
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
