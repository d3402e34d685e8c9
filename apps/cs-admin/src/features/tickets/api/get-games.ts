import { csGameList } from '@gp/contracts/cs';
import { api } from '../../../lib/api-client.ts';

export const getGames = () => api.call(csGameList, {});
