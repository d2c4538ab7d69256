// First: configures zod before any module creates a schema.
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The public pages arrive prerendered (see prerender-plugin.ts): the app takes over their markup.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);
