import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's search, filters and page, kept in the URL (`?q=&page=&…`), so the back button and
 * shared links bring the same list back. Typing and filtering replace the history entry and
 * go back to page 1; turning pages adds an entry.
 *
 * A page with two lists over the same filters gives each its own `pageKey`, and names the other's
 * in `alsoReset`, so that a new filter starts both from their first page.
 */
export function useUrlList(pageSize: number, { pageKey = 'page', alsoReset = [] as string[] } = {}) {
  const [params, setParams] = useSearchParams();
  const [search, setSearchText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search.trim(), 300);
  const page = Math.max(1, Number(params.get(pageKey)) || 1);
  const firstPages = Object.fromEntries([pageKey, ...alsoReset].map((key) => [key, null]));

  function update(changes: Record<string, string | null | undefined>, replace: boolean) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace });
  }

  return {
    params,
    search,
    /** The search as sent to the server (trimmed, debounced); undefined when blank. */
    q: q || undefined,
    page,
    offset: (page - 1) * pageSize,
    setSearch(value: string) {
      setSearchText(value);
      update({ q: value.trim(), ...firstPages }, true);
    },
    /** The URL's `key` when it is one of `allowed` (an old or typed link may hold anything). */
    choice<T extends string>(key: string, allowed: readonly T[]): T | undefined {
      const value = params.get(key);
      return (allowed as readonly (string | null)[]).includes(value) ? (value as T) : undefined;
    },
    setFilter(key: string, value: string | null | undefined) {
      update({ [key]: value, ...firstPages }, true);
    },
    setPage(next: number, replace = false) {
      update({ [pageKey]: next > 1 ? String(next) : null }, replace);
    },
  };
}

export type UrlList = ReturnType<typeof useUrlList>;

/**
 * A page past the end (its last row deleted, an old link) moves to the last page instead of
 * saying the list is empty. True while it moves, so the page can show it is loading.
 */
export function useStayInRange(
  list: { page: number; setPage: (page: number, replace?: boolean) => void },
  result: { data?: { items: unknown[]; total: number }; isPlaceholderData: boolean },
  pageSize: number,
): boolean {
  const lastPage = Math.max(1, Math.ceil((result.data?.total ?? 0) / pageSize));
  const past = !result.isPlaceholderData && result.data?.items.length === 0 && list.page > lastPage;
  const { setPage } = list;
  useEffect(() => {
    if (past) setPage(lastPage, true);
    // setPage is new on every render; only `past` and `lastPage` decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [past, lastPage]);
  return past;
}
