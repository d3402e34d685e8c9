import { useMemo, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import type { ArticleKind } from '@gp/contracts/content-admin';
import { articleCalls } from '../api/content.calls.ts';
import { articlePageQueryOf, contentFiltersFromUrl, pageQueryOf } from '../model/content-filters.ts';
import { ArticleList } from './article-list.tsx';
import { SimpleList, type RowColumns, type SimpleKind, type SimpleSummary } from './simple-list.tsx';

interface ContentPage<S> {
  list: S[];
  total: number;
  page_num: number;
  page_size: number;
}

/** A simple kind's four calls, as `content.calls.ts` binds them. */
interface KindCalls<S, D, K, I> {
  page: (query: ReturnType<typeof pageQueryOf>) => Promise<ContentPage<S>>;
  detail: (key: K) => Promise<D>;
  delete: (key: K) => Promise<unknown>;
  save: (input: I) => Promise<unknown>;
}

export interface SimpleListSpec<S extends SimpleSummary, D, K, I> extends Pick<
  SimpleKind<S, D>,
  'scope' | 'rowId' | 'nameOf'
> {
  /** The key the detail and delete calls take. */
  keyOf: (item: S) => K;
  /** The whole item to save with `is_online` set: the save call replaces the item. */
  inputOf: (item: D, online: boolean) => I;
  /** The kind's own columns, first in the row. */
  columns: (t: TFunction, language: string) => RowColumns<S>;
  form: (item: D | null, close: () => void, saved: () => void) => ReactNode;
}

/**
 * The route of a simple content list (banners, recommended games, home modules, fan groups): its loader reads
 * the filters from the URL and asks for that page; its screen is the SimpleList of the kind.
 */
export function simpleListRoute<S extends SimpleSummary, D, K, I>(
  calls: KindCalls<S, D, K, I>,
  spec: SimpleListSpec<S, D, K, I>,
) {
  const kind: SimpleKind<S, D> = {
    scope: spec.scope,
    rowId: spec.rowId,
    nameOf: spec.nameOf,
    detail: (item) => calls.detail(spec.keyOf(item)),
    remove: (item) => calls.delete(spec.keyOf(item)),
    setOnline: (item, online) => calls.save(spec.inputOf(item, online)),
  };

  async function loader({ request }: { request: Request }) {
    const filters = contentFiltersFromUrl(new URL(request.url));
    return { filters, page: await calls.page(pageQueryOf(filters)) };
  }

  function Screen() {
    const { t, i18n } = useTranslation('cms');
    // A client router hands the loader's value as it is (nothing serialized), typed as the loader returns it.
    const { filters, page } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
    const columns = useMemo(() => spec.columns(t, i18n.language), [t, i18n.language]);
    return (
      <SimpleList
        kind={kind}
        filters={filters}
        page={page}
        columns={columns}
        renderForm={(editing, close, saved) => spec.form(editing.item, close, saved)}
      />
    );
  }

  return { loader, Screen };
}

/** The route of an article list (news, activities): the list with its filters; the editor is `<list>/:id`. */
export function articleListRoute(kind: ArticleKind) {
  async function loader({ request }: { request: Request }) {
    const filters = contentFiltersFromUrl(new URL(request.url));
    return { filters, page: await articleCalls[kind].page(articlePageQueryOf(filters)) };
  }

  function Screen() {
    // A client router hands the loader's value as it is (nothing serialized), typed as the loader returns it.
    const { filters, page } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
    return <ArticleList kind={kind} filters={filters} page={page} />;
  }

  return { loader, Screen };
}
