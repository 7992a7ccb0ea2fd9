import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { PersonSummary, PropertySummary } from '../../shared/schemas/summaries';
import { profiles, properties, propertyTasks, tasks, users } from './schema';

// Row shapes selected by several modules, each written once. A select spreads or nests them;
// the answer types they fill (src/shared/schemas/summaries.ts) are checked against them below.

/** A property as another record shows it (`PropertySummary`). Needs `properties` in the query. */
export const propertySummary = {
  id: properties.id,
  name: properties.name,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  zipCode: properties.zipCode,
};

/** A person (`PersonSummary`): `users` with `profiles` left-joined on the user. */
export const personSummary = {
  userId: users.id,
  email: users.email,
  displayName: profiles.displayName,
};

/**
 * What a property task copies from its template when it is made (ARCHITECTURE.md: copy, never
 * follow): changing or deleting the template later changes none of it. Read from `tasks`.
 */
export const templateCopy = {
  name: tasks.name,
  description: tasks.description,
  estimatedDurationMinutes: tasks.estimatedDurationMinutes,
  defaultPrice: tasks.defaultPrice,
  requirements: tasks.requirements,
};

/** The same copy as a property task keeps it (`property_tasks`), for the visit tasks made from it. */
export const propertyTaskCopy = {
  name: propertyTasks.name,
  description: propertyTasks.description,
  estimatedDurationMinutes: propertyTasks.estimatedDurationMinutes,
  defaultPrice: propertyTasks.defaultPrice,
  requirements: propertyTasks.requirements,
} satisfies Record<keyof typeof templateCopy, unknown>;

/** A row as `select(columns)` reads it. */
export type RowOf<Columns> = SelectResultFields<Columns>;

// The shared answer types and the columns agree, field for field and type for type: a column
// added, renamed or made nullable on one side only fails the type check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agree<T extends true> = T;
export type _PropertySummaryAgrees = Agree<Same<RowOf<typeof propertySummary>, PropertySummary>>;
export type _PersonSummaryAgrees = Agree<Same<RowOf<typeof personSummary>, PersonSummary>>;
export type _CopiesAgree = Agree<Same<RowOf<typeof templateCopy>, RowOf<typeof propertyTaskCopy>>>;
