// Row shapes that several answers carry: written once here, read from the columns of
// src/server/db/shapes.ts (whose types are checked against these, so the two cannot drift).

/** A property as another record shows it: a visit, a series, an invoice, the portal. */
export interface PropertySummary {
  id: string;
  name: string;
  address: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
}

/** A person as a list shows them: a visit's people, the people one may put on a visit. */
export interface PersonSummary {
  userId: string;
  email: string;
  displayName: string | null;
}
