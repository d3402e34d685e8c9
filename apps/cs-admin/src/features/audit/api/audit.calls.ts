import { bindCalls } from '@gp/api-client';
import type { RequestOf } from '@gp/contracts';
import { auditPage } from '@gp/contracts/staff';
import { api } from '../../../lib/api-client.ts';

export const auditCalls = bindCalls(api, { page: auditPage });

export type AuditQuery = RequestOf<typeof auditPage>;
