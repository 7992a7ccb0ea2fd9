import { useIsFetching } from '@tanstack/react-query';
import { useNavigationPending } from './app-router';
import classes from './shell.module.css';

/**
 * A thin bar along the top of the screen while a tap's new page is on its way: its code
 * (the router's pending transition) or its first data (a query that has nothing to show yet).
 * Background refreshes of data already on screen do not count.
 */
export function NavigationProgress() {
  const codePending = useNavigationPending();
  const loadingData = useIsFetching({ predicate: (query) => query.state.data === undefined }) > 0;
  if (!codePending && !loadingData) return null;
  return <div role="progressbar" aria-label="Loading page" className={classes.progress} />;
}
