// What routes and the app may use of this feature; everything else stays inside it.
export { privacyCalls } from './api/privacy-requests.calls.ts';
export { usePrivacyActions } from './api/use-privacy-actions.ts';
export { OpenDeletionDialog } from './components/open-deletion-dialog.tsx';
export { PrivacyFiltersForm } from './components/privacy-filters.tsx';
export { PrivacyRequestsTable } from './components/privacy-requests-table.tsx';
export { privacyFiltersFromUrl, privacyFiltersToSearch, privacyQueryOf } from './model/request-filters.ts';
