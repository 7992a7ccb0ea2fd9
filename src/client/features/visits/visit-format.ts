import type { VisitPerson } from '../../api/visits';

export const personName = (person: Pick<VisitPerson, 'displayName' | 'email'>) => person.displayName || person.email;
