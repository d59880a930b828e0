import type { Preview } from '@storybook/react-vite';
import '@portal/design-system/theme.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    // Every story is checked with axe (WCAG 2 A/AA incl. colour contrast); a violation fails its test.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
