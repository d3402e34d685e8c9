import { bindCalls } from '@gp/api-client';
import {
  gameAdminDelete,
  gameAdminDetailCall,
  gameAdminOnlineSwitch,
  gameAdminPage,
  gameAdminSave,
  gameAdminSearch,
  gameIconUpload,
} from '@gp/contracts/catalog-admin';
import { api } from '../../../lib/api-client.ts';

export const gameCalls = bindCalls(api, {
  page: gameAdminPage,
  search: gameAdminSearch,
  detail: gameAdminDetailCall,
  save: gameAdminSave,
  switchOnline: gameAdminOnlineSwitch,
  delete: gameAdminDelete,
  uploadIcon: gameIconUpload,
});
