import { createContext, useContext, useLayoutEffect, useState, useTransition, type ReactNode } from 'react';
import {
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type NavigationType,
} from 'react-router';

// React Router's BrowserRouter, with its pending state exposed. BrowserRouter renders
// each new location in a transition, so the old screen stays up while the new route's code loads,
// with nothing to tell. This is BrowserRouter (the same history and the same `startTransition`),
// its transition made with `useTransition`, whose `isPending` the shell shows as a progress bar.

const NavigationPending = createContext(false);

/** True from a tap on a link until the new route can be drawn (its code has loaded). */
export const useNavigationPending = () => useContext(NavigationPending);

export function AppRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ window, v5Compat: true }));
  const [state, setState] = useState<{ action: NavigationType; location: Location }>({
    action: history.action,
    location: history.location,
  });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () => history.listen(({ action, location }) => startTransition(() => setState({ action, location }))),
    [history],
  );
  return (
    <NavigationPending.Provider value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </NavigationPending.Provider>
  );
}
