// What routes and the app may use of this feature; everything else stays inside it.
export { auditCalls } from './api/audit.calls.ts';
export { AuditFiltersForm } from './components/audit-filters.tsx';
export { AuditTable } from './components/audit-table.tsx';
export { auditFiltersFromUrl, auditFiltersToSearch, auditQueryOf } from './model/audit-filters.ts';
