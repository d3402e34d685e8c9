/** What the app's routes and screens use of the home feature; nothing else of it is reachable from outside. */
export { homeCalls } from './api/home.calls.ts';
export { HomeSection } from './components/home-section.tsx';
export { QuickLinks } from './components/quick-links.tsx';
