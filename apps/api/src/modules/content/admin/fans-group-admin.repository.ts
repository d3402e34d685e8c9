/** Fan groups (the fan-groups menu) for staff, online or not. */
import { fanGroup, fanGroupI18n } from '../../../db/schema/game.schema.ts';
import { onOffItemTables } from './ordered-item-admin.repository.ts';

export type FansGroupRow = typeof fanGroup.$inferSelect;
export type FansGroupTextRow = typeof fanGroupI18n.$inferSelect;
export type FansGroupValues = Omit<typeof fanGroup.$inferInsert, 'id'>;

export const fansGroupTables = onOffItemTables(fanGroup, 'slug', fanGroupI18n, 'fanGroupId', 'name');
