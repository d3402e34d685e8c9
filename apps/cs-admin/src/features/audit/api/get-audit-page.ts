import { auditPage, type AuditPageData } from '@gp/contracts/staff';
import type { RequestOf } from '@gp/contracts';
import { api } from '../../../lib/api-client.ts';

export type AuditQuery = RequestOf<typeof auditPage>;

export const getAuditPage = (query: AuditQuery): Promise<AuditPageData> => api.call(auditPage, query);
