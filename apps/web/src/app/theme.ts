import { createTheme, type CSSVariablesResolver } from '@mantine/core';

// Shades chosen for WCAG 2.2 AA contrast (4.5:1 for text) on white: Mantine's default blue-6 buttons and
// gray-6 "dimmed" text fall short of it.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans JP", sans-serif',
  defaultRadius: 'sm',
  breakpoints: { xs: '37.5em', sm: '51.25em', md: '64em', lg: '80em', xl: '90em' }, // 600 px and 820 px (spec §9)
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--portal-brand': '#0b4f8a',
    '--portal-brand-dark': '#083a66',
    '--portal-link': '#0b4f8a',
  },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-anchor': '#0b4f8a',
  },
  dark: {},
});
