import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/auth';
import { clearOutbox } from '../../api/outbox';
import { clearPersistedData } from '../../api/persist';
import { paths } from '../../paths';
import { PageLoader } from '../../shell/page-loader';

/** spec §2: 'Signing out...', then /login whether or not sign-out succeeded. */
export function SignOutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    authApi
      .signOut()
      .catch(() => undefined)
      // Issue 17: the persisted cache, the photo thumbnails and the queue go too: a shared phone
      // keeps nothing of the last user.
      .then(() => Promise.all([clearPersistedData(), clearOutbox()]).catch(() => undefined))
      .finally(() => {
        if (cancelled) return;
        queryClient.clear();
        navigate(paths.login(), { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [navigate, queryClient]);
  return <PageLoader label="Signing out..." />;
}
