/** Fan groups for staff: the community page, its name per language, order and on/off (the fan-groups menu). */
import type {
  FansGroupAdminData,
  FansGroupAdminSummary,
  FansGroupText,
  fansGroupSave,
} from '@gp/contracts/content-admin';
import type { z } from 'zod';
import type { Clock } from '../../../config/clock.ts';
import type { Db } from '../../../db/database.ts';
import { iso, onlineStatus } from './content-admin-data.ts';
import {
  fansGroupTables,
  type FansGroupRow,
  type FansGroupTextRow,
  type FansGroupValues,
} from './fans-group-admin.repository.ts';
import { OrderedItemAdminService } from './ordered-item-admin.service.ts';

export type FansGroupSaveInput = z.output<typeof fansGroupSave>;

interface FansGroupTypes {
  row: FansGroupRow;
  values: FansGroupValues;
  textRow: FansGroupTextRow;
  ownerKey: 'fanGroupId';
  text: FansGroupText;
  save: FansGroupSaveInput;
  keyField: 'slug';
  summary: FansGroupAdminSummary;
  data: FansGroupAdminData;
}

export class FansGroupAdminService extends OrderedItemAdminService<FansGroupTypes> {
  constructor(d: { db: Db; now: Clock }) {
    super(d, {
      tables: fansGroupTables,
      keyField: 'slug',
      keyPrefix: () => 'fans',
      audit: { save: 'content.fans_group.save', delete: 'content.fans_group.delete', target: 'fan_group' },
      text: (t) => ({ name: t.name }),
      status: (row) => onlineStatus(row.isOnline),
      listed: ({ row }, text) => ({ slug: row.slug, url: row.url, name: text?.name ?? '' }),
      shown: ({ row }) => ({ slug: row.slug, url: row.url, created_at: iso(row.createdAt) }),
      audited: (row) => ({ url: row.url }),
      values: (input) => ({ url: input.url }),
    });
  }
}
