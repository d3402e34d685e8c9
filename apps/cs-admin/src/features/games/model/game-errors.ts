/**
 * What the games calls' refusals say. Codes are matched by number (never by message text); the -400 field
 * problems the games calls answer get texts of their own, shown under the field they concern.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '@gp/api-client';
import { gameIconPolicy, gameUsageData, type GameUsageData } from '@gp/contracts/catalog-admin';
import { codes } from '@gp/errors';
import { errorMessage } from '../../../lib/error-message.ts';

/** A form field's name path (`names.en` -> ['names', 'en']). */
export type FieldName = string | [string, string];

/** The fields of the game form a -400 can name. */
const formFields = new Set(['game_id', 'slug', 'url', 'sort', 'names', 'icon_media_id', 'file']);

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The text of one field problem. */
export function gameFieldText(t: TFunction, field: string, code: string): string {
  const root = field.split('.')[0]!;
  switch (`${root}:${code}`) {
    case 'game_id:taken':
      return t('ops:games.error.gameIdTaken');
    case 'game_id:in_use':
      return t('ops:games.error.gameIdInUse');
    case 'slug:taken':
      return t('ops:games.error.slugTaken');
    case 'icon_media_id:not_found':
      return t('ops:games.error.iconNotFound');
    case 'file:too_large':
      return t('ops:image.tooLarge', { max: megabytes(gameIconPolicy.maxBytes) });
    case 'file:type_not_allowed':
      return t('ops:image.typeNotAllowed');
    case 'file:too_big_dimensions':
      return t('ops:image.tooBigDimensions', { max: gameIconPolicy.maxSide });
    default:
      return t('ops:common.invalidField');
  }
}

/** The field problems of a -400 that belong to the game form, as antd's `setFields` takes them. */
export function gameFieldErrors(t: TFunction, error: unknown): { name: FieldName; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.code !== codes.badRequest) return [];
  return error.fields.flatMap(({ field, code }) => {
    const [root, sub] = field.split('.');
    if (!root || !formFields.has(root)) return [];
    const name: FieldName = root === 'names' && sub ? ['names', sub] : root;
    return [{ name, errors: [gameFieldText(t, field, code)] }];
  });
}

/** The translated text of whatever a games call threw. */
export function gameErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.code === codes.badRequest && error.fields.length > 0) {
    const { field, code } = error.fields[0]!;
    return gameFieldText(t, field, code);
  }
  return errorMessage(t, error);
}

/** What uses a game, from a -40010 refusal (null for any other error). */
export function gameUsageOf(error: unknown): GameUsageData | null {
  if (!(error instanceof ApiError) || error.code !== codes.staffGameInUse) return null;
  const parsed = gameUsageData.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}
