/** The home feature's public file: src/app and src/routes reach the feature only through it. */
export { homeCalls } from './api/home.calls.ts';
export { HomeSection } from './components/home-section.tsx';
export { QuickLinks } from './components/quick-links.tsx';
