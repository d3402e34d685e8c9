// What routes and the app may use of this feature; everything else stays inside it.
export { homeCalls } from './api/home.calls.ts';
export { RatingsView, SatisfactionFigure } from './components/ratings-figures.tsx';
export { TicketsFigures } from './components/tickets-figures.tsx';
export { TopUpFigures } from './components/top-up-figures.tsx';
export { agentTimeZone } from './model/figures.ts';
