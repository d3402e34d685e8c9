import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigation, useRevalidator, useSearchParams } from 'react-router';
import { App } from 'antd';
import { errorMessage } from './error-message.ts';
import type { CountedPage } from './list-pagination.tsx';

/** A page of rows as the staff list calls answer it. */
export interface ListPageData extends CountedPage {
  page_num: number;
  page_size: number;
}

export interface RunOptions {
  /** The text shown when the work is done (already translated). */
  done?: string;
  /** A refusal's text; a screen with its own error texts (games, FAQ) gives them here. Returning null shows none. */
  errorText?: (error: unknown) => string | null;
}

/** The filters of another page of the list (`pageSize`: the pager's, which may have changed). */
export type TurnPage<F> = (filters: F, page: number, pageSize: number) => F;

/** Filters that keep their page in `page`, as most lists' do. */
const turnToPage = <F extends object>(filters: F, page: number) => ({ ...filters, page });

/**
 * The load / search / page / act cycle of a list screen whose rows come from its route's loader and whose
 * filters live in the URL: `apply` writes new filters to the URL (the loader runs again), `run` does a row's
 * action with that row marked busy, says how it went and reloads the rows, `refresh` reloads them, `pagination`
 * wires the pager. `toSearch` turns the screen's filters into its URL query (a screen without filters leaves it
 * out); `turnPage` names another page where the filters keep it elsewhere than in `page` (the ticket queue's
 * `page_num` and `page_size`).
 */
export function useListPage<F extends object = never>(
  toSearch: (filters: F) => URLSearchParams = () => new URLSearchParams(),
  turnPage: TurnPage<F> = turnToPage as TurnPage<F>,
) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const { revalidate, state: revalidation } = useRevalidator();
  const { message } = App.useApp();
  const [busyKey, setBusyKey] = useState<string | number | null>(null);

  // Busy while this screen's own URL loads or its rows reload, not while the console leaves for another screen.
  const loading =
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname) ||
    revalidation === 'loading';

  const apply = (next: F) => setParams(toSearch(next));
  const refresh = useCallback(() => revalidate(), [revalidate]);

  const run = async (key: string | number, work: () => Promise<unknown>, options: RunOptions = {}) => {
    setBusyKey(key);
    try {
      await work();
      if (options.done) void message.success(options.done);
      await revalidate();
    } catch (error) {
      const text = options.errorText ? options.errorText(error) : errorMessage(t, error);
      if (text !== null) void message.error(text);
    } finally {
      setBusyKey(null);
    }
  };

  const pagination = (page: ListPageData, filters: F) => ({
    page,
    current: page.page_num,
    pageSize: page.page_size,
    showSizeChanger: false,
    disabled: loading,
    align: 'end' as const,
    onChange: (next: number, pageSize: number) => apply(turnPage(filters, next, pageSize)),
  });

  return { loading, busyKey, apply, refresh, run, pagination };
}
