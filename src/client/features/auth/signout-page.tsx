import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '../../api/auth';
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
      // The persisted cache and the photo thumbnails go too: a shared phone keeps nothing of the
      // last user to show. Unsent changes stay, the account's own, for its next sign-in (api/outbox.ts);
      // losing them is the explicit 'Sign out anyway'.
      .then(() => clearPersistedData().catch(() => undefined))
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
