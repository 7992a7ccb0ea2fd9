import type { VisitPersonDto, VisitPropertyDto } from '../../../shared/schemas/visits';

export const personName = (person: Pick<VisitPersonDto, 'displayName' | 'email'>) => person.displayName || person.email;

export const fullAddress = (property: VisitPropertyDto) =>
  [property.address, [property.city, property.state, property.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
