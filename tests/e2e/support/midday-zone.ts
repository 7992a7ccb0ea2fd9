/**
 * The fixed-offset zone in which it is now between 12:00 and 12:59 (`Etc/GMT-12` … `Etc/GMT+11`;
 * POSIX names count the other way: `Etc/GMT-5` is five hours ahead of UTC).
 *
 * The browser tests run in it, browser and Node alike, so that "an hour ago" and "in an hour" are
 * today wherever a test makes them, even when the suite runs at midnight UTC. Its date is always
 * UTC's date: the zone only moves the hour to noon.
 */
export function middayZone(now = new Date()): string {
  const ahead = 12 - now.getUTCHours();
  if (ahead === 0) return 'Etc/GMT';
  return `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}
