// What routes and the app may use of this feature; everything else stays inside it.
export { accountCalls } from './api/staff-accounts.calls.ts';
export { AccountForm } from './components/account-form.tsx';
export { type AccountActions, AccountsTable } from './components/accounts-table.tsx';
export { accountQueryFromUrl } from './model/account-query.ts';
