/** An article editor's form values, from the detail answer and back to the save call's input. */
import dayjs, { type Dayjs } from 'dayjs';
import type {
  ArticleAdminData,
  ArticleKind,
  ArticleSave,
  ContentImage,
  articleSaveStatuses,
} from '@gp/contracts/content-admin';
import type { ArticleCategory } from '@gp/contracts/web';
import { textsForForm, textsForSave, type TextsValues } from './texts.ts';

export type ArticleSaveStatus = (typeof articleSaveStatuses)[number];

export const articleTextFields = ['title', 'summary', 'body_html'] as const;

export interface ArticleValues {
  slug: string;
  category: ArticleCategory | undefined;
  game_base_id: number | null;
  cover_media_id: ContentImage | null;
  cover_h5_media_id: ContentImage | null;
  status: ArticleSaveStatus;
  /** The scheduled time (only sent with `scheduled`). */
  publish_at: Dayjs | null;
  unpublish_at: Dayjs | null;
  pinned: boolean;
  start_time: Dayjs | null;
  end_time: Dayjs | null;
  texts: TextsValues;
}

const timeOf = (iso: string | null | undefined): Dayjs | null => (iso ? dayjs(iso) : null);

/**
 * The form's values for an article (null: a new one). What players get now maps to what the editor sets:
 * `ended` is a published article past its unpublish time.
 */
export function articleValuesOf(article: ArticleAdminData | null, kind: ArticleKind): ArticleValues {
  if (!article)
    return {
      slug: '',
      category: kind === 'news' ? 'notice' : 'event',
      game_base_id: null,
      cover_media_id: null,
      cover_h5_media_id: null,
      status: 'draft',
      publish_at: null,
      unpublish_at: null,
      pinned: false,
      start_time: null,
      end_time: null,
      texts: textsForForm(undefined),
    };
  return {
    slug: article.slug,
    category: article.category,
    game_base_id: article.game_base_id,
    cover_media_id: article.cover,
    cover_h5_media_id: article.cover_h5,
    status: article.status === 'ended' ? 'published' : article.status,
    publish_at: article.status === 'scheduled' ? timeOf(article.publish_at) : null,
    unpublish_at: timeOf(article.unpublish_at),
    pinned: article.pinned === 1,
    start_time: timeOf(article.start_time),
    end_time: timeOf(article.end_time),
    texts: textsForForm(article.texts),
  };
}

/** Minutes are what the pickers show: seconds left over from "now" would only confuse the comparison. */
const iso = (time: Dayjs) => time.second(0).millisecond(0).toISOString();

/** The save call's input for the form's values (`id` to update). */
export function articleSaveOf(values: ArticleValues, id: number | undefined): ArticleSave {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    category: values.category ?? 'notice',
    game_base_id: values.game_base_id ?? null,
    cover_media_id: values.cover_media_id?.media_id ?? '',
    cover_h5_media_id: values.cover_h5_media_id?.media_id ?? '',
    status: values.status,
    ...(values.status === 'scheduled' && values.publish_at ? { publish_at: iso(values.publish_at) } : {}),
    unpublish_at: values.unpublish_at ? iso(values.unpublish_at) : null,
    pinned: values.pinned ? 1 : 0,
    start_time: values.start_time ? iso(values.start_time) : null,
    end_time: values.end_time ? iso(values.end_time) : null,
    texts: textsForSave(values.texts, articleTextFields) as ArticleSave['texts'],
  };
}
