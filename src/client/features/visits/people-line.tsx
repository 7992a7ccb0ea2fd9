import { Fragment } from 'react';
import { EmailAddress } from '../../components/whole-text';
import type { VisitPerson } from '../../api/visits';

/**
 * 'Ada (lead), tech@example.com (assistant)': a visit's people on one line that wraps, a person
 * without a display name by an e-mail address that breaks only at its '@' or a dot.
 */
export function PeopleLine({ people, role }: { people: VisitPerson[]; role: (person: VisitPerson) => string }) {
  return people.map((person, index) => (
    <Fragment key={person.userId}>
      {index > 0 && ', '}
      {person.displayName || <EmailAddress email={person.email} />} ({role(person)})
    </Fragment>
  ));
}
