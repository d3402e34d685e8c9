// What routes and the app may use of this feature; everything else stays inside it.
export { authoringCalls } from './api/authoring.calls.ts';
export { payCalls, settlementCalls } from './api/pay-ops.calls.ts';
export { useRetry } from './api/use-retry.ts';
export { CatalogTransfer } from './components/catalog-transfer.tsx';
export { ChannelTable } from './components/channel-table.tsx';
export { CurrencyEditor } from './components/currency-editor.tsx';
export { GameTopupEditor } from './components/game-topup-editor.tsx';
export { TopupPreview } from './components/topup-preview.tsx';
export { DeadLetterTable } from './components/dead-letter-table.tsx';
export { OrderDrawer } from './components/order-drawer.tsx';
export { OrderFiltersForm } from './components/order-filters.tsx';
export { OrderTable } from './components/order-table.tsx';
export { PayGamesTable } from './components/pay-games-table.tsx';
export { PaySwitch } from './components/pay-switch.tsx';
export { ProductTable } from './components/product-table.tsx';
export { ServerTable } from './components/server-table.tsx';
export { SettlementView } from './components/settlement-view.tsx';
export {
  type OrderFilters,
  orderFiltersFromUrl,
  orderFiltersToSearch,
  orderQueryOf,
} from './model/order-query.ts';
export { payErrorText } from './model/pay-errors.ts';
