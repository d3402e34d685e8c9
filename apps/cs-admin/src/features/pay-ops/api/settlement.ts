import type { RequestOf } from '@gp/contracts';
import {
  payAdminSettlementPage,
  payAdminSettlementRecheck,
  payAdminSettlementResolve,
  payAdminSettlementRun,
} from '@gp/contracts/pay-settlement';
import { api } from '../../../lib/api-client.ts';

export const getSettlement = (input: RequestOf<typeof payAdminSettlementPage>) =>
  api.call(payAdminSettlementPage, input);

export const runSettlement = (day: string) => api.call(payAdminSettlementRun, { day });

export const recheckMismatch = (id: number) => api.call(payAdminSettlementRecheck, { id });

export const resolveMismatch = (id: number, note: string) =>
  api.call(payAdminSettlementResolve, { id, note });
