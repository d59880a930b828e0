import { useEffect } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { I18nProvider } from '@lingui/react';
import { SWRConfig, type Cache } from 'swr';
import { Router, type RouterProps } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { ToastProvider } from '@portal/design-system';
import type { ReactNode } from 'react';
import { i18n } from './i18n';
import { appStore, type AppStore } from '../state/store';
import { AppRoutes } from './AppRoutes';
import { GlobalModals } from './GlobalModals';
import { CommonWords, StatusWords } from './StatusWords';
import { startSessionWatch } from '../shared/session/authActions';
import { bindApiStore } from '../api/client';

export interface AppProps {
  store?: AppStore;
  /** Router options for tests (e.g. wouter's memoryLocation hook). */
  routerHook?: RouterProps['hook'];
  searchHook?: RouterProps['searchHook'];
  /** A private SWR cache (tests); the app uses SWR's global cache, which logout clears. */
  swrCache?: () => Cache;
}

function Toasts({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return (
    <ToastProvider defaultTitle={t`Notice`} closeLabel={t`Close`} label={t`Notifications`}>
      {children}
    </ToastProvider>
  );
}

function SessionWatch({ store }: { store: AppStore }) {
  useEffect(() => startSessionWatch(store), [store]);
  return null;
}

export function App({ store = appStore, routerHook, searchHook, swrCache }: AppProps) {
  bindApiStore(store);
  return (
    <JotaiProvider store={store}>
      <I18nProvider i18n={i18n}>
        <SWRConfig
          value={{ shouldRetryOnError: false, revalidateOnFocus: false, ...(swrCache ? { provider: swrCache } : {}) }}
        >
          <Toasts>
            <StatusWords>
              <CommonWords>
                <Router hook={routerHook} searchHook={searchHook}>
                  <AppRoutes />
                  <GlobalModals />
                  <SessionWatch store={store} />
                </Router>
              </CommonWords>
            </StatusWords>
          </Toasts>
        </SWRConfig>
      </I18nProvider>
    </JotaiProvider>
  );
}
