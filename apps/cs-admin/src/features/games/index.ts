// What routes and the app may use of this feature; everything else stays inside it.
export { gameCalls } from './api/games.calls.ts';
export { listGames } from './api/list-games.ts';
export { GameForm } from './components/game-form.tsx';
export { GameInUse } from './components/game-in-use.tsx';
export { type GameActions, GamesTable } from './components/games-table.tsx';
export { gameErrorText, gameUsageOf } from './model/game-errors.ts';
export { type GameFilters, gameFiltersFromUrl, gameFiltersToSearch } from './model/game-filters.ts';
