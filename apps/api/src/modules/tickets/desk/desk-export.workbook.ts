/**
 * The export's workbook (.xlsx, exceljs): one sheet of the filtered tickets, column titles and state names in the
 * staff member's language, times as real date cells in UTC (the titles say so), the header frozen and filterable.
 * Cell values are written as plain values, never formulas, so a title like `=HYPERLINK(...)` stays text.
 */
import ExcelJS from 'exceljs';
import { workOrderStatusNames, type WorkOrderStatus } from '@gp/contracts/cs';
import type { LanguageCode } from '@gp/config';
import { messageText, type DeskExportColumn } from '@gp/i18n/server';
import type { DeskTicketRow } from './desk.repository.ts';

const columns: { key: DeskExportColumn; width: number; date?: true }[] = [
  { key: 'id', width: 12 },
  { key: 'status', width: 16 },
  { key: 'game', width: 24 },
  { key: 'type', width: 22 },
  { key: 'title', width: 48 },
  { key: 'uid', width: 12 },
  { key: 'nickname', width: 20 },
  { key: 'character', width: 26 },
  { key: 'created', width: 20, date: true },
  { key: 'lastAsked', width: 20, date: true },
  { key: 'replied', width: 20, date: true },
  { key: 'operator', width: 20 },
  { key: 'grade', width: 10 },
];

function character(row: DeskTicketRow['row']): string {
  if (row.characterName && row.characterId) return `${row.characterName} (${row.characterId})`;
  return row.characterName ?? row.characterId ?? '';
}

/** The cells of one ticket, in `columns` order. */
function cells(
  found: DeskTicketRow,
  lang: LanguageCode,
): Record<DeskExportColumn, string | number | Date | null> {
  const { row } = found;
  const status = workOrderStatusNames[row.status as WorkOrderStatus];
  return {
    id: row.id,
    status: status ? messageText(lang, `deskExport.status.${status}`) : String(row.status),
    game: found.gameName,
    type: found.typeName,
    title: row.title,
    uid: row.mid,
    nickname: found.nickname,
    character: character(row),
    created: row.createdAt,
    lastAsked: row.lastAskedAt,
    replied: row.repliedAt,
    operator: row.operatorName ?? '',
    grade: row.grade,
  };
}

export async function ticketWorkbook(
  rows: readonly DeskTicketRow[],
  lang: LanguageCode,
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'JoyPeak Games customer service';
  const sheet = workbook.addWorksheet(messageText(lang, 'deskExport.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((c) => ({
    header: messageText(lang, `deskExport.column.${c.key}`),
    key: c.key,
    width: c.width,
    ...(c.date ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const found of rows) sheet.addRow(cells(found, lang));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
