import { deskExportCheck } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const checkExport = (taskId: string) => api.call(deskExportCheck, { task_id: taskId });
