import type { Preview } from '@storybook/react-vite';
import '@portal/design-system/theme.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
  },
};

export default preview;
