/** The fans feature's public file: src/app and src/routes reach the feature only through it. */
export { FanGroupList } from './components/fan-group-list.tsx';
