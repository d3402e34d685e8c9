/**
 * The catalog transfer's workbook (.xlsx, exceljs; @gp/contracts/pay-catalog-transfer describes its sheets): written
 * from rows of text and numbers, read back as text per named column. Sheet and column names are fixed keys, so a
 * file exported in one console language imports in any other. Values are written as plain values, never formulas;
 * a formula typed into a cell is read as the value it last showed.
 */
import ExcelJS from 'exceljs';
import {
  catalogTransferPolicy,
  transferSheets,
  type TransferProblem,
  type TransferSheet,
} from '@gp/contracts/pay-catalog-transfer';

export type CellValue = string | number | null;

export interface SheetOut {
  name: TransferSheet | 'readme';
  columns: readonly { key: string; width: number }[];
  rows: readonly Record<string, CellValue>[];
}

/** One row of a sheet: its number in the sheet and its cells as text (trimmed; '' when empty). */
export interface RowIn {
  row: number;
  cells: Record<string, string>;
}

export type WorkbookIn = Record<TransferSheet, RowIn[]>;

export async function writeWorkbook(sheets: readonly SheetOut[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'JoyPeak Games console';
  for (const out of sheets) {
    const sheet = workbook.addWorksheet(out.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = out.columns.map((c) => ({ header: c.key, key: c.key, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    for (const row of out.rows) sheet.addRow(row);
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** A cell's value as text: rich text joined, a formula's last result, a date in ISO 8601 (UTC). */
function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if ('richText' in value)
    return value.richText
      .map((r) => r.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value)
    return textOf((value.result ?? null) as ExcelJS.CellValue);
  if ('hyperlink' in value) return textOf(value.text as ExcelJS.CellValue);
  // An error cell (#N/A, #VALUE!) holds nothing usable.
  return '';
}

/**
 * Reads the sheets the import needs. A problem for each sheet or needed column missing, and for a sheet with more
 * rows than the policy allows; rows that are wholly empty are skipped.
 */
export async function readWorkbook(
  bytes: Uint8Array,
  needed: Readonly<Record<TransferSheet, readonly string[]>>,
): Promise<{ sheets: WorkbookIn; problems: TransferProblem[] }> {
  const sheets: WorkbookIn = { settings: [], products: [], prices: [], channels: [] };
  const problems: TransferProblem[] = [];
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's own Buffer type is older than Node's; the bytes are what it reads.
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  } catch {
    return { sheets, problems: [{ sheet: '', row: 0, column: '', code: 'not_a_workbook' }] };
  }
  for (const name of transferSheets) {
    const sheet = workbook.getWorksheet(name);
    if (!sheet) {
      problems.push({ sheet: name, row: 0, column: '', code: 'missing_sheet' });
      continue;
    }
    if (sheet.actualRowCount - 1 > catalogTransferPolicy.maxRows) {
      problems.push({ sheet: name, row: 0, column: '', code: 'too_many_rows' });
      continue;
    }
    const columns = new Map<number, string>();
    sheet.getRow(1).eachCell((cell, col) => {
      const key = textOf(cell.value).toLowerCase();
      if (key !== '' && ![...columns.values()].includes(key)) columns.set(col, key);
    });
    const present = new Set(columns.values());
    const missing = needed[name].filter((key) => !present.has(key));
    for (const key of missing) problems.push({ sheet: name, row: 1, column: key, code: 'missing_column' });
    if (missing.length > 0) continue;
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      if (number === 1) return;
      const cells: Record<string, string> = {};
      for (const [col, key] of columns) cells[key] = textOf(row.getCell(col).value);
      if (Object.values(cells).some((v) => v !== '')) sheets[name].push({ row: number, cells });
    });
  }
  return { sheets, problems };
}
