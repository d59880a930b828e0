import type { Preview } from '@storybook/react-vite';
import '@portal/design-system/theme.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    // Every story is checked with axe (WCAG 2 A/AA incl. colour contrast); a violation fails its test.
    a11y: {
      test: 'error',
      options: { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } },
    },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
