/** The topup feature's public file: src/app and src/routes reach the feature only through it. */
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
export {
  orderFromSearch,
  orderOfQuery,
  orderPath,
  placeOf,
  stepPath,
  type TopupPlace,
} from './model/place.ts';
export { topupApiOf, type TopupApi } from './model/variant.ts';
export { useOrderOfQuery } from './components/use-order-of-query.ts';
