import { Button, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Page } from '../../shared/schemas/common';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorBox } from './error-box';
import { ListFooter } from './list-footer';
import { Loading } from './loading';
import { QueryView, type FrameQuery } from './query-view';

// The frames every detail, form and list page is drawn in. They own the states between
// the page's header and its content (loading, 'Not available offline', 'Error: {message}', the
// spec's not-found text, an empty list, the list's footer), so a page writes only what it shows
// when its data is there. The page's PageShell (title, breadcrumbs) stays in the page: the shell
// is a layer above components (see eslint.config.js), and the title often comes from the data.

/** A record's page: a skeleton of its shape while it loads, the spec's not-found text if it is not there. */
export function DetailFrame<T>({
  query,
  loading,
  notFound,
  describeError,
  children,
}: {
  query: FrameQuery<T>;
  loading: string;
  notFound: string;
  describeError?: (error: unknown) => string;
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryView query={query} loading={loading} skeleton fallback={notFound} retry={false} describeError={describeError}>
      {children}
    </QueryView>
  );
}

/**
 * A New or Edit page's form. Without a query (New) it shows the form at once; with one (Edit) it
 * loads the record first, and says `forbidden` instead of the form when `allowed` says no.
 */
export function EditFrame<T>({
  query,
  loading = 'Loading...',
  notFound = 'Not found',
  allowed = () => true,
  forbidden = '',
  describeError,
  children,
}: {
  query?: FrameQuery<T>;
  describeError?: (error: unknown) => string;
  loading?: string;
  notFound?: string;
  allowed?: (data: T) => boolean;
  forbidden?: string;
  children: (data: T | undefined) => ReactNode;
}) {
  if (!query) return <>{children(undefined)}</>;
  return (
    <DetailFrame query={query} loading={loading} notFound={notFound} describeError={describeError}>
      {(data) => (allowed(data) ? children(data) : <ErrorBox>{forbidden}</ErrorBox>)}
    </DetailFrame>
  );
}

/** Delete's question, asked by DetailActions' own ConfirmDialog. */
export interface DetailRemoveQuestion {
  title: string;
  question: ReactNode;
  onConfirm: () => Promise<unknown>;
  describeError?: (error: unknown) => string;
}

/**
 * A dialog of the record's own (shared with its list, or with more in it than a question): drawn
 * by DetailActions, opened by its Delete button, closed by calling `onClose`.
 */
export interface DetailRemoveDialog {
  dialog: (state: { opened: boolean; onClose: () => void }) => ReactNode;
}

/**
 * The Edit and Delete buttons of a record's page, the same on every one; Delete asks first
 * (spec §8), with a question or with the record's own dialog.
 */
export function DetailActions({
  edit,
  remove,
}: {
  /** Where Edit goes, or what it does when it asks first (a visit of a series); no button when undefined. */
  edit?: string | (() => void);
  /** The delete confirmation; no button when undefined. */
  remove?: DetailRemoveQuestion | DetailRemoveDialog;
}) {
  const [deleting, setDeleting] = useState(false);
  const close = () => setDeleting(false);
  return (
    <>
      {typeof edit === 'string' && (
        <Button component={Link} to={edit} variant="light">
          Edit
        </Button>
      )}
      {typeof edit === 'function' && (
        <Button variant="light" onClick={edit}>
          Edit
        </Button>
      )}
      {remove && (
        <Button color="red" variant="light" onClick={() => setDeleting(true)}>
          Delete
        </Button>
      )}
      {remove &&
        ('dialog' in remove ? (
          remove.dialog({ opened: deleting, onClose: close })
        ) : (
          <ConfirmDialog
            opened={deleting}
            title={remove.title}
            onClose={close}
            onConfirm={remove.onConfirm}
            describeError={remove.describeError}
          >
            {remove.question}
          </ConfirmDialog>
        ))}
    </>
  );
}

/**
 * A paginated list: a spinner while it loads (or moves back into range), 'Error: {message}' with
 * 'Try again', `empty` when there is nothing, else the rows from `children` and the footer
 * ('21–40 of 57' and the page buttons).
 */
export function ListFrame<T>({
  query,
  moving = false,
  loading,
  failed,
  empty,
  pages,
  describeError,
  children,
}: {
  query: FrameQuery<Page<T>>;
  describeError?: (error: unknown) => string;
  /** The page is past the end and moving back (useStayInRange). */
  moving?: boolean;
  loading: string;
  /** The message when the error has none, e.g. 'Failed to load properties'. */
  failed: string;
  empty: ReactNode;
  pages?: { offset: number; pageSize: number; onPage: (page: number) => void; noun: string };
  children: (items: T[]) => ReactNode;
}) {
  if (moving) return <Loading label={loading} />;
  return (
    <QueryView query={query} loading={loading} fallback={failed} describeError={describeError}>
      {(data) =>
        data.items.length === 0 ? (
          empty
        ) : (
          <Stack gap="md">
            {children(data.items)}
            {pages && (
              <ListFooter total={data.total} totalCapped={data.totalCapped} shown={data.items.length} {...pages} />
            )}
          </Stack>
        )
      }
    </QueryView>
  );
}
