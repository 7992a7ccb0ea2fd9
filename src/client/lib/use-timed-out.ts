import { useEffect, useState } from 'react';

/** true once `ms` have passed while `active` stayed true; false again as soon as it is not. */
export function useTimedOut(active: boolean, ms: number): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setTimedOut(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && timedOut;
}
