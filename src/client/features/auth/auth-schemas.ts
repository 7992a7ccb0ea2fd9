/**
 * The sign-in and sign-up schemas (and zod with them) are not needed to draw the form, so
 * /login and /signup fetch them when the form first takes focus: while the person types,
 * long before they can submit. `onSubmit` awaits the same import, so a fast submit still waits.
 */
export const loadAuthSchemas = () => import('../../../shared/schemas/auth');

export function preloadAuthSchemas() {
  void loadAuthSchemas();
}
