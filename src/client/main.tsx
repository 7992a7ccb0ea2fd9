import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes, preloadRoute } from './router';
import { AppRouter } from './shell/app-router';
import { cssVariablesResolver, theme } from './theme';
import './touch-targets.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// The first page's code, layouts and guards included, is fetched in parallel while React starts.
preloadRoute(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <AppRouter>
        <AppRoutes />
      </AppRouter>
    </MantineProvider>
  </StrictMode>,
);
