import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';

const config: StorybookConfig = {
  stories: ['../../design-system/src/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss()];
    const rolldownOptions = viteConfig.build?.rolldownOptions ?? {};
    const previousOnwarn = rolldownOptions.onwarn;
    viteConfig.build = {
      ...viteConfig.build,
      // Radix and TipTap ship 'use client' directives, which mean nothing in a client-only bundle.
      chunkSizeWarningLimit: 1500,
      rolldownOptions: {
        ...rolldownOptions,
        onwarn(warning, defaultHandler) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          if (previousOnwarn) previousOnwarn(warning, defaultHandler);
          else defaultHandler(warning);
        },
      },
    };
    return viteConfig;
  },
};

export default config;
