import type { VisitPersonDto } from '../../../shared/schemas/visits';

export const personName = (person: Pick<VisitPersonDto, 'displayName' | 'email'>) => person.displayName || person.email;
