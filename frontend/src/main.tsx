import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '#web/app/App.tsx';
import { startOfflineSupport } from '#web/app/pwa.ts';
import '#web/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

void startOfflineSupport();
