import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useOutbox } from '../api/outbox';
import { paths } from '../paths';

// Honest offline: signing out deletes the queue of unsent changes from this device
// (SignOutPage), so with changes waiting it asks first. 'Sync now' sends them and signs out once
// none is left; 'Sign out anyway' is the separate, explicit choice to lose them.

// The question (a Modal) is loaded only when there is something to ask, not with every page. The
// service worker holds the chunk, so it opens offline too.
const UnsentChangesDialog = lazy(() =>
  import('./unsent-changes-dialog').then((module) => ({ default: module.UnsentChangesDialog })),
);

/** The 'Sign out' link of the header's account menu and of the phone's Menu. */
export function SignOutLink({
  className,
  onSignOut,
  children = 'Sign out',
}: {
  className?: string;
  /** Called when the user leaves for /signout (or opens the question), to close the menu. */
  onSignOut?: () => void;
  children?: ReactNode;
}) {
  const waiting = useOutbox().length;
  const [asking, setAsking] = useState(false);
  const onClick = (event: MouseEvent) => {
    onSignOut?.();
    if (waiting === 0) return;
    event.preventDefault();
    setAsking(true);
  };
  return (
    <>
      <Link to={paths.signout()} className={className} onClick={onClick}>
        {children}
      </Link>
      {asking && (
        <Suspense fallback={null}>
          <UnsentChangesDialog onClose={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  );
}
