import {
  Button,
  createTheme,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
import type { Theme as PortalTheme } from '@portal/contracts';
import { contrastRatio, minimumTextContrast } from '@portal/domain';

// Shades chosen for WCAG 2.2 AA contrast (4.5:1 for text) on white: Mantine's default blue-6 buttons and
// gray-6 "dimmed" text fall short of it.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans JP", sans-serif',
  defaultRadius: 'sm',
  breakpoints: { xs: '37.5em', sm: '51.25em', md: '64em', lg: '80em', xl: '90em' }, // 600 px and 820 px (spec §9)
  // A reader who asks the system for less motion gets toasts, menus, dialogs and the drawer without their slides and
  // fades (Mantine ignores the setting unless told). The browser tests ask for it too: axe never meets a half-faded toast.
  respectReducedMotion: true,
  components: {
    // A closed list is not in the page (every select, multi-select and autocomplete): kept mounted, each one placed
    // itself as it mounted, which made the browser compute the page's style and React render again at once (issue 17:
    // a fifth of the invoice list's blocking time). The field names its list (aria-controls) only while it is open.
    // A plain object, not Combobox.extend: importing Combobox here would put it in the first load (issue 17).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--portal-brand': '#0b4f8a',
    '--portal-brand-dark': '#083a66',
    '--portal-link': '#0b4f8a',
    '--portal-brand-contrast': '#ffffff',
    '--portal-highlight': '#e7f5ff',
  },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-anchor': '#0b4f8a',
  },
  dark: {},
});

/**
 * The theme of this host over the built-in one (issue 15): filled buttons in the button colours, the header in the
 * primary colour with its contrast colour for text, the page background, and light accents in the highlight colour.
 */
export function themedOverride(portal: PortalTheme | null): MantineThemeOverride {
  if (!portal) return theme;
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Button: Button.extend({
          vars: (_theme, props) => {
            if (props.color) return { root: {} };
            const variant = props.variant ?? 'filled';
            if (variant === 'filled')
              return {
                root: {
                  '--button-bg': portal.buttonColor,
                  '--button-hover': portal.buttonHoverColor,
                  '--button-color': portal.buttonTextColor,
                },
              };
            if (variant === 'outline')
              return {
                root: {
                  '--button-color': portal.buttonColor,
                  '--button-bd': `1px solid ${portal.buttonColor}`,
                  '--button-hover': portal.highlightColor,
                },
              };
            return { root: {} };
          },
        }),
      },
    }),
  );
}

export function themedVariables(portal: PortalTheme | null): CSSVariablesResolver {
  if (!portal) return cssVariablesResolver;
  return (mantineTheme) => {
    const base = cssVariablesResolver(mantineTheme);
    return {
      variables: {
        ...base.variables,
        '--portal-brand': portal.primaryColor,
        '--portal-brand-dark': portal.hoverColor,
        '--portal-brand-contrast': portal.contrastColor,
        '--portal-highlight': portal.highlightColor,
      },
      light: {
        ...base.light,
        // Links in the primary colour when it reads on the page background (WCAG AA), else the built-in blue.
        ...(contrastRatio(portal.primaryColor, portal.backgroundColor) >= minimumTextContrast
          ? { '--mantine-color-anchor': portal.primaryColor }
          : {}),
        '--mantine-color-body': portal.backgroundColor,
        '--mantine-primary-color-light': portal.highlightColor,
      },
      dark: base.dark,
    };
  };
}
