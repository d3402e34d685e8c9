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

// ---- Banners ----

export const bannerTextFields = ['title', 'subtitle', 'cta', 'alt'] as const;

export interface BannerValues {
  slug: string;
  link: string;
  image_media_id: ContentImage | null;
  image_h5_media_id: ContentImage | null;
  starts_at: Dayjs | null;
  ends_at: Dayjs | null;
  sort: number;
  is_online: boolean;
  texts: TextsValues;
}

export function bannerValuesOf(banner: BannerAdminData | null): BannerValues {
  return {
    slug: banner?.slug ?? '',
    link: banner?.link ?? '',
    image_media_id: banner?.image ?? null,
    image_h5_media_id: banner?.image_h5 ?? null,
    starts_at: banner ? dayjs(banner.starts_at) : null,
    ends_at: banner ? dayjs(banner.ends_at) : null,
    sort: banner?.sort ?? 0,
    is_online: banner ? banner.is_online === 1 : true,
    texts: textsForForm(banner?.texts),
  };
}

export function bannerSaveOf(values: BannerValues, id: number | undefined): BannerSave {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    link: values.link.trim(),
    image_media_id: values.image_media_id?.media_id ?? '',
    image_h5_media_id: values.image_h5_media_id?.media_id ?? '',
    starts_at: values.starts_at?.toISOString() ?? '',
    ends_at: values.ends_at?.toISOString() ?? '',
    sort: values.sort,
    is_online: values.is_online ? 1 : 0,
    texts: textsForSave(values.texts, bannerTextFields) as BannerSave['texts'],
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
    sort: banner.sort,
    is_online: online ? 1 : 0,
    texts: textsAsSaved(banner.texts),
  };
}

// ---- Recommended games ----

export const recommendTextFields = ['tagline', 'description'] as const;

export interface RecommendValues {
  game_base_id: number | null;
  sort: number;
  is_online: boolean;
  texts: TextsValues;
}

export function recommendValuesOf(item: RecommendAdminData | null): RecommendValues {
  return {
    game_base_id: item?.game_base_id ?? null,
    sort: item?.sort ?? 0,
    is_online: item ? item.is_online === 1 : true,
    texts: textsForForm(item?.texts),
  };
}

export function recommendSaveOf(values: RecommendValues): RecommendSave {
  return {
    game_base_id: values.game_base_id ?? 0,
    sort: values.sort,
    is_online: values.is_online ? 1 : 0,
    texts: textsForSave(values.texts, recommendTextFields) as RecommendSave['texts'],
  };
}

export function recommendInputOf(item: RecommendAdminData, online: boolean): RecommendSave {
  return {
    game_base_id: item.game_base_id,
    sort: item.sort,
    is_online: online ? 1 : 0,
    texts: textsAsSaved(item.texts),
  };
}

// ---- Home modules ----

export const moduleTextFields = ['title'] as const;
export type HomeModuleType = z.infer<typeof homeModuleType>;

export interface ModuleValues {
  key: string;
  type: HomeModuleType | undefined;
  sort: number;
  is_online: boolean;
  texts: TextsValues;
}

export function moduleValuesOf(item: ModuleAdminData | null): ModuleValues {
  return {
    key: item?.key ?? '',
    type: item?.type,
    sort: item?.sort ?? 0,
    is_online: item ? item.is_online === 1 : true,
    texts: textsForForm(item?.texts),
  };
}

export function moduleSaveOf(values: ModuleValues, id: number | undefined): ModuleSave {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(values.key.trim() ? { key: values.key.trim() } : {}),
    type: values.type ?? 'news',
    sort: values.sort,
    is_online: values.is_online ? 1 : 0,
    texts: textsForSave(values.texts, moduleTextFields) as ModuleSave['texts'],
  };
}

export function moduleInputOf(item: ModuleAdminData, online: boolean): ModuleSave {
  return {
    id: item.id,
    key: item.key,
    type: item.type,
    sort: item.sort,
    is_online: online ? 1 : 0,
    texts: textsAsSaved(item.texts),
  };
}

// ---- Fan groups ----

export const fansGroupTextFields = ['name'] as const;

export interface FansGroupValues {
  slug: string;
  url: string;
  sort: number;
  is_online: boolean;
  texts: TextsValues;
}

export function fansGroupValuesOf(item: FansGroupAdminData | null): FansGroupValues {
  return {
    slug: item?.slug ?? '',
    url: item?.url ?? '',
    sort: item?.sort ?? 0,
    is_online: item ? item.is_online === 1 : true,
    texts: textsForForm(item?.texts),
  };
}

export function fansGroupSaveOf(values: FansGroupValues, id: number | undefined): FansGroupSave {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
    url: values.url.trim(),
    sort: values.sort,
    is_online: values.is_online ? 1 : 0,
    texts: textsForSave(values.texts, fansGroupTextFields) as FansGroupSave['texts'],
  };
}

export function fansGroupInputOf(item: FansGroupAdminData, online: boolean): FansGroupSave {
  return {
    id: item.id,
    slug: item.slug,
    url: item.url,
    sort: item.sort,
    is_online: online ? 1 : 0,
    texts: textsAsSaved(item.texts),
  };
}
