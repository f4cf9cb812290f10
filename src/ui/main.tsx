// Page entry: theme, language catalogue, engine start, then the router. The engine starts in
// parallel with the first render; pages show loading states until it answers.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { startEngine } from './engine-bridge/bridge.ts';
import { initI18n } from './i18n/i18n.ts';
import { applyTheme } from './theme.ts';
import { followWorkspace } from './workspace.ts';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

async function boot(): Promise<void> {
  applyTheme();
  const lang = await initI18n();
  startEngine(lang).catch((err: unknown) => console.error('[engine]', err));
  followWorkspace();
  const container = document.getElementById('root');
  if (container === null) throw new Error('#root missing');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
