/**
 * What the game-server calls' refusals say: the -400 field problems of @gp/contracts/game-server-admin get texts
 * of their own (matched by field and code, never by message); anything else the common text of its code.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { codes } from '@gp/errors';
import { errorMessage } from '../../../lib/error-message.ts';

const fieldTexts: Record<string, string> = {
  'base_url:https_required': 'ops:gameServer.error.httpsRequired',
  'base_url:host_not_allowed': 'ops:gameServer.error.hostNotAllowed',
  'secret:required': 'ops:gameServer.error.secretRequired',
  'next_secret:required': 'ops:gameServer.error.nextSecretRequired',
  'next_key_id:same_as_key': 'ops:gameServer.error.sameAsKey',
  'key_id:required': 'ops:gameServer.error.keyId',
  'game_base_id:no_connection': 'ops:gameServer.error.noConnection',
  'game_base_id:no_second_key': 'ops:gameServer.error.noSecondKey',
};

export interface FieldText {
  field: string;
  text: string;
}

/** The field problems of a -400, each with its text (empty for any other error). */
export function gameServerFieldTexts(t: TFunction, error: unknown): FieldText[] {
  if (!(error instanceof ApiError) || error.code !== codes.badRequest) return [];
  return error.fields.map((f) => ({
    field: f.field,
    text: t(fieldTexts[`${f.field}:${f.code}`] ?? 'ops:common.invalidField'),
  }));
}

/** The translated text of whatever a game-server call threw. */
export function gameServerErrorText(t: TFunction, error: unknown): string {
  return gameServerFieldTexts(t, error)[0]?.text ?? errorMessage(t, error);
}
