/**
 * Form values of banners, recommended games, home modules and fan groups, from their detail answers and back to
 * their save inputs. `…InputOf(detail)` rebuilds a save from an answer as it is (the list's on/off switch
 * saves the whole item with only is_online changed).
 */
import dayjs, { type Dayjs } from 'dayjs';
import type {
  BannerAdminData,
  BannerSave,
  ContentImage,
  FansGroupAdminData,
  FansGroupSave,
  ModuleAdminData,
  ModuleSave,
  RecommendAdminData,
  RecommendSave,
} from '@gp/contracts/content-admin';
import type { homeModuleType } from '@gp/contracts/web';
import type { z } from 'zod';
import { textsForForm, textsForSave, type TextsValues } from './texts.ts';

type Texts<T> = Partial<Record<string, T>>;
/** An answer's texts as a save sends them (the answer holds only written languages, en among them). */
const textsAsSaved = <T>(texts: Texts<T>) => texts as { en: T } & Texts<T>;

/** What every kind's form has: the display order, on/off and the texts per language. */
export interface OrderedValues {
  sort: number;
  is_online: boolean;
  texts: TextsValues;
}

/** What every kind's answer has that its form shows. */
interface OrderedData {
  sort: number;
  is_online: 0 | 1;
  texts: Texts<object>;
}

/** The common form values of an answer (null: a new item, online, first in order, nothing written). */
function orderedValuesOf(item: OrderedData | null): OrderedValues {
  return {
    sort: item?.sort ?? 0,
    is_online: item ? item.is_online === 1 : true,
    texts: textsForForm(item?.texts),
  };
}

/** The common part of a save from the form, the texts with exactly the kind's text fields. */
function orderedSaveOf<F extends string>(values: OrderedValues, textFields: readonly F[]) {
  return {
    sort: values.sort,
    is_online: values.is_online ? (1 as const) : (0 as const),
    texts: textsForSave(values.texts, textFields),
  };
}

/** The common part of a save that repeats an answer with only on/off changed. */
function orderedInputOf<T>(item: { sort: number; texts: Texts<T> }, online: boolean) {
  return {
    sort: item.sort,
    is_online: online ? (1 as const) : (0 as const),
    texts: textsAsSaved(item.texts),
  };
}

/** The item's id on an update and the slug (or key) when one is typed: the server makes one otherwise. */
function keyOf<K extends string>(id: number | undefined, field: K, typed: string) {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(typed.trim() ? ({ [field]: typed.trim() } as Partial<Record<K, string>>) : {}),
  };
}

// ---- Banners ----

export const bannerTextFields = ['title', 'subtitle', 'cta', 'alt'] as const;

export interface BannerValues extends OrderedValues {
  slug: string;
  link: string;
  image_media_id: ContentImage | null;
  image_h5_media_id: ContentImage | null;
  starts_at: Dayjs | null;
  ends_at: Dayjs | null;
}

export function bannerValuesOf(banner: BannerAdminData | null): BannerValues {
  return {
    slug: banner?.slug ?? '',
    link: banner?.link ?? '',
    image_media_id: banner?.image ?? null,
    image_h5_media_id: banner?.image_h5 ?? null,
    starts_at: banner ? dayjs(banner.starts_at) : null,
    ends_at: banner ? dayjs(banner.ends_at) : null,
    ...orderedValuesOf(banner),
  };
}

export function bannerSaveOf(values: BannerValues, id: number | undefined): BannerSave {
  return {
    ...keyOf(id, 'slug', values.slug),
    link: values.link.trim(),
    image_media_id: values.image_media_id?.media_id ?? '',
    image_h5_media_id: values.image_h5_media_id?.media_id ?? '',
    starts_at: values.starts_at?.toISOString() ?? '',
    ends_at: values.ends_at?.toISOString() ?? '',
    ...orderedSaveOf(values, bannerTextFields),
  };
}

export function bannerInputOf(banner: BannerAdminData, online: boolean): BannerSave {
  return {
    id: banner.id,
    slug: banner.slug,
    link: banner.link,
    image_media_id: banner.image.media_id,
    image_h5_media_id: banner.image_h5.media_id,
    starts_at: banner.starts_at,
    ends_at: banner.ends_at,
    ...orderedInputOf(banner, online),
  };
}

// ---- Recommended games ----

export const recommendTextFields = ['tagline', 'description'] as const;

export interface RecommendValues extends OrderedValues {
  game_base_id: number | null;
}

export function recommendValuesOf(item: RecommendAdminData | null): RecommendValues {
  return {
    game_base_id: item?.game_base_id ?? null,
    ...orderedValuesOf(item),
  };
}

export function recommendSaveOf(values: RecommendValues): RecommendSave {
  return {
    game_base_id: values.game_base_id ?? 0,
    ...orderedSaveOf(values, recommendTextFields),
  };
}

export function recommendInputOf(item: RecommendAdminData, online: boolean): RecommendSave {
  return {
    game_base_id: item.game_base_id,
    ...orderedInputOf(item, online),
  };
}

// ---- Home modules ----

export const moduleTextFields = ['title'] as const;
export type HomeModuleType = z.infer<typeof homeModuleType>;

export interface ModuleValues extends OrderedValues {
  key: string;
  type: HomeModuleType | undefined;
}

export function moduleValuesOf(item: ModuleAdminData | null): ModuleValues {
  return {
    key: item?.key ?? '',
    type: item?.type,
    ...orderedValuesOf(item),
  };
}

export function moduleSaveOf(values: ModuleValues, id: number | undefined): ModuleSave {
  return {
    ...keyOf(id, 'key', values.key),
    type: values.type ?? 'news',
    ...orderedSaveOf(values, moduleTextFields),
  };
}

export function moduleInputOf(item: ModuleAdminData, online: boolean): ModuleSave {
  return {
    id: item.id,
    key: item.key,
    type: item.type,
    ...orderedInputOf(item, online),
  };
}

// ---- Fan groups ----

export const fansGroupTextFields = ['name'] as const;

export interface FansGroupValues extends OrderedValues {
  slug: string;
  url: string;
}

export function fansGroupValuesOf(item: FansGroupAdminData | null): FansGroupValues {
  return {
    slug: item?.slug ?? '',
    url: item?.url ?? '',
    ...orderedValuesOf(item),
  };
}

export function fansGroupSaveOf(values: FansGroupValues, id: number | undefined): FansGroupSave {
  return {
    ...keyOf(id, 'slug', values.slug),
    url: values.url.trim(),
    ...orderedSaveOf(values, fansGroupTextFields),
  };
}

export function fansGroupInputOf(item: FansGroupAdminData, online: boolean): FansGroupSave {
  return {
    id: item.id,
    slug: item.slug,
    url: item.url,
    ...orderedInputOf(item, online),
  };
}
