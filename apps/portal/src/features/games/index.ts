/** The games feature's public file: src/app and src/routes reach the feature only through it. */
export { gamesCalls } from './api/games.calls.ts';
export { GameGrid } from './components/game-grid.tsx';
export { RecommendedGames } from './components/recommended-games.tsx';
