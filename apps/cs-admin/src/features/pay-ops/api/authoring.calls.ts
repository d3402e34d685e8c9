import { bindCalls } from '@gp/api-client';
import {
  payAuthoringCurrencyAdd,
  payAuthoringCurrencyList,
  payAuthoringCurrencyOrder,
  payAuthoringCurrencyRemove,
  payAuthoringGameOptions,
  payAuthoringGameSave,
  payAuthoringPriceLimits,
  payAuthoringPriceRemove,
  payAuthoringPriceSave,
  payAuthoringProductCreate,
  payAuthoringProductDetailCall,
  payAuthoringProductImageUpload,
  payAuthoringProductUpdate,
} from '@gp/contracts/pay-catalog-authoring';
import { api } from '../../../lib/api-client.ts';

/** Authoring the top-up catalog: a game's top-up, its currencies, products and prices. */
export const authoringCalls = bindCalls(api, {
  gameOptions: payAuthoringGameOptions,
  saveGame: payAuthoringGameSave,
  currencies: payAuthoringCurrencyList,
  addCurrency: payAuthoringCurrencyAdd,
  removeCurrency: payAuthoringCurrencyRemove,
  orderCurrencies: payAuthoringCurrencyOrder,
  product: payAuthoringProductDetailCall,
  createProduct: payAuthoringProductCreate,
  updateProduct: payAuthoringProductUpdate,
  uploadImage: payAuthoringProductImageUpload,
  priceLimits: payAuthoringPriceLimits,
  savePrice: payAuthoringPriceSave,
  removePrice: payAuthoringPriceRemove,
});
