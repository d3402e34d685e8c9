/** What the app's routes and screens use of the games feature; nothing else of it is reachable from outside. */
export { gamesCalls } from './api/games.calls.ts';
export { GameGrid } from './components/game-grid.tsx';
export { RecommendedGames } from './components/recommended-games.tsx';
