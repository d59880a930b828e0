import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { activateLocale, DEFAULT_LOCALE, isLocale } from './app/i18n';
import { appStore } from './state/store';
import { localeAtom } from './state/preferences';
import { initSession } from './shared/session/authActions';
import { decideLegacyDomain, LEGACY_HOSTS, NEW_ORIGIN } from './app/legacyDomain';

async function boot() {
  const legacy = decideLegacyDomain(window.location, LEGACY_HOSTS, NEW_ORIGIN);
  if (legacy.kind === 'redirect') {
    window.location.replace(legacy.url);
    return;
  }
  const preferred = appStore.get(localeAtom);
  await Promise.all([activateLocale(isLocale(preferred) ? preferred : DEFAULT_LOCALE), initSession(appStore)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
