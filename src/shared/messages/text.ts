/** At most `max` characters, said in words ('City must be at most 100 characters'). */
export const tooLong = (label: string, max: number) =>
  `${label} must be at most ${max.toLocaleString('en-US')} characters`;
