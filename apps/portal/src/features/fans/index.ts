/** What the app's routes and screens use of the fans feature; nothing else of it is reachable from outside. */
export { FanGroupList } from './components/fan-group-list.tsx';
