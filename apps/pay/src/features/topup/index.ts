/** What the app's routes and screens use of the topup feature; nothing else of it is reachable from outside. */
export { ConfirmOrder } from './components/confirm-order.tsx';
export { GameChoices, GameLinks } from './components/game-picker.tsx';
export { LoginPrompt } from './components/login-prompt.tsx';
export { HistoryPager, OrderHistory } from './components/order-history.tsx';
export { LookupLink, OrderLookup } from './components/order-lookup.tsx';
export { OrderTracker, type OrderPage } from './components/order-tracker.tsx';
export { TopupForm } from './components/topup-form.tsx';
export { HistoryLink, TopupPage, useTopup } from './components/topup-page.tsx';
export { draftGameOf, isComplete, readDraft, updateDraft, useDraft, withGame } from './model/draft.ts';
export { rememberOrder } from './model/orders.ts';
export { orderFromSearch, orderPath, placeOf, stepPath, type TopupPlace } from './model/place.ts';
export { topupApiOf, type TopupApi } from './model/variant.ts';
