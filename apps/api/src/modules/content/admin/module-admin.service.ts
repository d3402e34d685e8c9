/** The home page's sections for staff: what each shows, its heading per language, order and on/off. */
import type {
  ModuleAdminData,
  ModuleAdminSummary,
  ModuleText,
  moduleSave,
} from '@gp/contracts/content-admin';
import type { z } from 'zod';
import type { Clock } from '../../../config/clock.ts';
import type { Db } from '../../../db/database.ts';
import { onlineStatus } from './content-admin-data.ts';
import {
  moduleTables,
  type ModuleRow,
  type ModuleTextRow,
  type ModuleValues,
} from './module-admin.repository.ts';
import { OrderedItemAdminService } from './ordered-item-admin.service.ts';

export type ModuleSaveInput = z.output<typeof moduleSave>;

interface ModuleTypes {
  row: ModuleRow;
  values: ModuleValues;
  textRow: ModuleTextRow;
  ownerKey: 'moduleId';
  text: ModuleText;
  save: ModuleSaveInput;
  keyField: 'key';
  summary: ModuleAdminSummary;
  data: ModuleAdminData;
}

export class ModuleAdminService extends OrderedItemAdminService<ModuleTypes> {
  constructor(d: { db: Db; now: Clock }) {
    super(d, {
      tables: moduleTables,
      keyField: 'key',
      keyPrefix: (input) => input.type,
      audit: { save: 'content.module.save', delete: 'content.module.delete', target: 'home_module' },
      text: (t) => ({ title: t.title }),
      status: (row) => onlineStatus(row.isOnline),
      listed: ({ row }, text) => ({ key: row.key, type: row.type, title: text?.title ?? '' }),
      shown: ({ row }) => ({ key: row.key, type: row.type }),
      audited: (row) => ({ type: row.type }),
      values: (input) => ({ type: input.type }),
    });
  }
}
