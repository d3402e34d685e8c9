import { useState } from 'react';
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

/**
 * The load / search / page / act cycle of a list screen whose rows come from its route's loader and whose
 * filters live in the URL: `apply` writes new filters to the URL (the loader runs again), `run` does a row's
 * action with that row marked busy, says how it went and reloads the rows, `pagination` wires the pager.
 * `toSearch` turns the screen's filters into its URL query.
 */
export function useListPage<F extends { page: number }>(toSearch: (filters: F) => URLSearchParams) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { message } = App.useApp();
  const [busyKey, setBusyKey] = useState<string | number | null>(null);

  // Busy while this screen's own URL loads or its rows reload, not while the console leaves for another screen.
  const loading =
    (navigation.state === 'loading' && navigation.location.pathname === location.pathname) ||
    revalidator.state === 'loading';

  const apply = (next: F) => setParams(toSearch(next));
  const refresh = () => revalidator.revalidate();

  const run = async (key: string | number, work: () => Promise<unknown>, options: RunOptions = {}) => {
    setBusyKey(key);
    try {
      await work();
      if (options.done) void message.success(options.done);
      await revalidator.revalidate();
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
    onChange: (next: number) => apply({ ...filters, page: next }),
  });

  return { loading, busyKey, apply, refresh, run, pagination };
}
