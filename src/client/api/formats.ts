import { formatsFor, type Formats } from '../../shared/locale';
import { localityOf } from '../lib/locality';
import { useMe } from './session';

/**
 * How the current business writes dates, times and amounts (shared/locale.ts' formatters, in its
 * locale, currency and time zone from `/api/me`; en-US, USD and the browser's zone while there is
 * none): every date, time and amount a staff screen shows.
 */
export function useFormats(): Formats {
  return formatsFor(localityOf(useMe().data?.workspace));
}
