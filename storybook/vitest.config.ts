import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';

const dirname = path.dirname(fileURLToPath(import.meta.url));

const designSystemDeps = [
  'radix-ui',
  'lucide-react',
  'class-variance-authority',
  'clsx',
  'tailwind-merge',
  '@tanstack/react-virtual',
  'react-day-picker',
  'react-day-picker/locale/vi',
  'date-fns',
  'date-fns/locale',
  '@tiptap/react',
  '@tiptap/starter-kit',
  'mammoth',
  'dompurify',
  'xlsx',
  'recharts',
];

// Debian's Chromium; never a downloaded browser.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'design-system-unit',
          root: path.join(dirname, '../design-system'),
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        optimizeDeps: {
          // Pre-bundle everything up front: a dependency discovered mid-run makes Vite reload
          // the browser and fail the running tests (matters on a clean CI clone).
          include: [
            'react',
            'react-dom',
            'react-dom/client',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            ...designSystemDeps.map((dep) => `@portal/design-system > ${dep}`),
          ],
        },
        test: {
          name: 'storybook',
          testTimeout: 20000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: chromiumArgs,
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
