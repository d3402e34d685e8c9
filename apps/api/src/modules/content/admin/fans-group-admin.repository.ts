/** Fan groups (the fan-groups menu) for staff, online or not. */
import { fanGroup, fanGroupI18n } from '../../../db/schema/game.schema.ts';
import { onlineOrNot } from './content-admin.repository.ts';
import type { OrderedItemTables } from './ordered-item-admin.repository.ts';

export type FansGroupRow = typeof fanGroup.$inferSelect;
export type FansGroupTextRow = typeof fanGroupI18n.$inferSelect;
export type FansGroupValues = Omit<typeof fanGroup.$inferInsert, 'id'>;

export const fansGroupTables: OrderedItemTables<'fanGroupId'> = {
  item: fanGroup,
  id: fanGroup.id,
  key: fanGroup.slug,
  sort: fanGroup.sort,
  texts: {
    table: fanGroupI18n,
    owner: fanGroupI18n.fanGroupId,
    ownerKey: 'fanGroupId',
    lang: fanGroupI18n.lang,
    searched: [fanGroupI18n.name],
  },
  inStatus: onlineOrNot(fanGroup.isOnline),
};
