/** The home page's sections for staff, online or not. */
import { homeModule, homeModuleI18n } from '../../../db/schema/content.schema.ts';
import { onlineOrNot } from './content-admin.repository.ts';
import type { OrderedItemTables } from './ordered-item-admin.repository.ts';

export type ModuleRow = typeof homeModule.$inferSelect;
export type ModuleTextRow = typeof homeModuleI18n.$inferSelect;
export type ModuleValues = Omit<typeof homeModule.$inferInsert, 'id'>;

export const moduleTables: OrderedItemTables<'moduleId'> = {
  item: homeModule,
  id: homeModule.id,
  key: homeModule.key,
  sort: homeModule.sort,
  texts: {
    table: homeModuleI18n,
    owner: homeModuleI18n.moduleId,
    ownerKey: 'moduleId',
    lang: homeModuleI18n.lang,
    searched: [homeModuleI18n.title],
  },
  inStatus: onlineOrNot(homeModule.isOnline),
};
