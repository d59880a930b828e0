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
  await activateLocale(isLocale(preferred) ? preferred : DEFAULT_LOCALE);
  // Then the session: the page asks its refresh cookie for an access token (issue 34), and the answer's message, a
  // refusal's above all, is read in the active locale (Lingui throws before one is active).
  await initSession(appStore);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
