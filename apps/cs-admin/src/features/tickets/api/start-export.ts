import type { RequestOf } from '@gp/contracts';
import { deskExportStart } from '@gp/contracts/desk';
import { api } from '../../../lib/api-client.ts';

export const startExport = (input: RequestOf<typeof deskExportStart>) => api.call(deskExportStart, input);
