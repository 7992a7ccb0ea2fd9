import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes, preloadRoute } from './router';
import { AppRouter } from './shell/app-router';
import { cssVariablesResolver, theme } from './theme';
import './touch-targets.css';
import './whole-words.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const render = () => {
  performance.mark('app-render'); // for bench/web-vitals.mjs's timeline
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <AppRouter>
          <AppRoutes />
        </AppRouter>
      </MantineProvider>
    </StrictMode>,
  );
};

// The first page's code, layouts and guards included, is fetched in parallel, and React renders
// once it is in (a failed chunk renders too, into the route's error page): the first render does
// not suspend, so React does not hold the page back behind its fallback throttle.
void preloadRoute(window.location.pathname).then(render, render);
