// What routes and the app may use of this feature; everything else stays inside it.
export { gameServerCalls } from './api/game-servers.calls.ts';
export { CheckResults } from './components/check-results.tsx';
export { ConnectionForm } from './components/connection-form.tsx';
export { ServersPanel } from './components/servers-panel.tsx';
export { gameServerErrorText } from './model/game-server-errors.ts';
