import { bindCalls } from '@gp/api-client';
import { payCatalogExport, payCatalogImport } from '@gp/contracts/pay-catalog-transfer';
import { api } from '../../../lib/api-client.ts';

/** A game's top-up catalog as an .xlsx file and back (dry run, then apply). */
export const transferCalls = bindCalls(api, {
  exportCatalog: payCatalogExport,
  importCatalog: payCatalogImport,
});
