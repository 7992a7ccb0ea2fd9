import { useEffect } from 'react';

/**
 * The sign-in and sign-up schemas (and zod with them) are not needed to draw the form,
 * so /login and /signup fetch them right after the first render instead of before it.
 */
export const loadAuthSchemas = () => import('../../../shared/schemas/auth');

export function usePreloadAuthSchemas() {
  useEffect(() => {
    void loadAuthSchemas();
  }, []);
}
