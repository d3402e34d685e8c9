/** The bench's one table: what was measured, against which budget, and whether it is met. */
import { KB, type Verdict } from './budgets.ts';

export interface Row {
  area: string;
  item: string;
  measured: string;
  budget: string;
  result: string;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
export const sizeText = (gzip: number, brotli: number) => `${kb(gzip)} gz, ${kb(brotli)} br`;

/** "met", "MISS", "MISS (ceiling ...)", or "not measured". */
export function resultText(v: Verdict | undefined): string {
  if (!v) return '';
  if (v.met === null) return 'not measured';
  if (v.met) return 'met';
  return v.withinCeiling === true ? 'MISS (under ceiling)' : 'MISS';
}

export function budgetText(v: Verdict | undefined): string {
  if (!v) return '';
  if (v.unit === 'files') return 'same files as counted';
  const unit = v.unit === 'score' || v.unit === '' ? '' : v.unit === 'x' ? 'x' : ` ${v.unit}`;
  return `${v.kind === 'max' ? '<=' : '>='} ${v.limit}${unit}`;
}

const columns: (keyof Row)[] = ['area', 'item', 'measured', 'budget', 'result'];
const titles: Record<keyof Row, string> = {
  area: 'area',
  item: 'what',
  measured: 'measured',
  budget: 'budget',
  result: 'result',
};

export function plainTable(rows: readonly Row[]): string {
  const width = (c: keyof Row) => Math.max(titles[c].length, ...rows.map((r) => r[c].length));
  const line = (r: Record<keyof Row, string>) =>
    columns
      .map((c) => r[c].padEnd(width(c)))
      .join('  ')
      .trimEnd();
  return [line(titles), columns.map((c) => '-'.repeat(width(c))).join('  '), ...rows.map(line)].join('\n');
}

export function markdownTable(rows: readonly Row[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [
    `| ${columns.map((c) => titles[c]).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${columns.map((c) => esc(r[c])).join(' | ')} |`),
  ].join('\n');
}
