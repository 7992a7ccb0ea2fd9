import { Fragment } from 'react';
import type { VisitPersonDto } from '../../../shared/schemas/visits';
import { EmailAddress } from '../../components/whole-text';

/**
 * 'Ada (lead), tech@example.com (assistant)': a visit's people on one line that wraps, a person
 * without a display name by an e-mail address that breaks only at its '@' or a dot.
 */
export function PeopleLine({ people, role }: { people: VisitPersonDto[]; role: (person: VisitPersonDto) => string }) {
  return people.map((person, index) => (
    <Fragment key={person.userId}>
      {index > 0 && ', '}
      {person.displayName || <EmailAddress email={person.email} />} ({role(person)})
    </Fragment>
  ));
}
