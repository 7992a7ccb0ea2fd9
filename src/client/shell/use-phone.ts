import { useMediaQuery } from '@mantine/hooks';

/** The phone layout's width (shell.module.css uses the same 600 px), known from the first render. */
export const PHONE_QUERY = '(max-width: 600px)';

export const usePhone = () => useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
