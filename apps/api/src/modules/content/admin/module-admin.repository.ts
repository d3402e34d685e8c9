/** The home page's sections for staff, online or not. */
import { homeModule, homeModuleI18n } from '../../../db/schema/content.schema.ts';
import { onOffItemTables } from './ordered-item-admin.repository.ts';

export type ModuleRow = typeof homeModule.$inferSelect;
export type ModuleTextRow = typeof homeModuleI18n.$inferSelect;
export type ModuleValues = Omit<typeof homeModule.$inferInsert, 'id'>;

export const moduleTables = onOffItemTables(homeModule, 'key', homeModuleI18n, 'moduleId', 'title');
