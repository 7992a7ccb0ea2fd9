/** "Austin, TX 78701" from a property's city, state and ZIP; '' when none is known. */
export const placeLine = (property: { city: string | null; state: string | null; zipCode: string | null }) =>
  [property.city, [property.state, property.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
