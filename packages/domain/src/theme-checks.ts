// The Theme tab's rules (access spec §3 Theme, §5 "Theme"; issue 15), run by the form and again by the server:
// colours are #rrggbb; a URL match string may not contain, or be contained in, another one (of any template); and
// the editor warns (without refusing) when text on the primary or button colours falls below WCAG AA (4.5:1).

import { contrastRatio, isHexColor, minimumTextContrast } from './color-contrast';

type ThemeColors = {
  primaryColor: string;
  contrastColor: string;
  buttonColor: string;
  buttonTextColor: string;
  buttonHoverColor: string;
};

export type ContrastWarning = { text: keyof ThemeColors; background: keyof ThemeColors; ratio: number };

/** Text colours that read below 4.5:1 on their background: the header text on primary, button text on buttons. */
export function contrastWarnings(theme: ThemeColors): ContrastWarning[] {
  const pairs: [keyof ThemeColors, keyof ThemeColors][] = [
    ['contrastColor', 'primaryColor'],
    ['buttonTextColor', 'buttonColor'],
    ['buttonTextColor', 'buttonHoverColor'],
  ];
  return pairs
    .filter(([text, background]) => isHexColor(theme[text]) && isHexColor(theme[background]))
    .map(([text, background]) => ({ text, background, ratio: contrastRatio(theme[text], theme[background]) }))
    .filter((pair) => pair.ratio < minimumTextContrast);
}

/** A match string as stored: lowercase, without scheme, path or surrounding spaces. */
export function normalizeThemeUrl(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/\/.*$/, '');
}

/** What a new match string conflicts with: an existing one that contains it or that it contains. */
export function themeUrlConflict(candidate: string, existing: readonly string[]): string | undefined {
  const url = normalizeThemeUrl(candidate);
  return existing.map(normalizeThemeUrl).find((other) => other !== '' && (other.includes(url) || url.includes(other)));
}

const hostPattern = /^[a-z0-9.:-]+$/;

type ThemeInput = ThemeColors & {
  name: string;
  urls: readonly string[];
  backgroundColor: string;
  hoverColor: string;
  highlightColor: string;
};

const colorFields = [
  'backgroundColor',
  'primaryColor',
  'contrastColor',
  'hoverColor',
  'buttonColor',
  'buttonTextColor',
  'buttonHoverColor',
  'highlightColor',
] as const;

/** Errors keyed `{theme name}.{field}` (urls: `{theme name}.urls.{index}`). */
export function validateThemes(themes: readonly ThemeInput[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen: string[] = [];
  for (const theme of themes) {
    for (const field of colorFields) {
      if (!isHexColor(theme[field])) errors[`${theme.name}.${field}`] = 'validation.theme.color_invalid';
    }
    theme.urls.forEach((raw, index) => {
      const url = normalizeThemeUrl(raw);
      const key = `${theme.name}.urls.${index}`;
      if (url === '' || !hostPattern.test(url)) errors[key] = 'validation.theme.url_invalid';
      else if (themeUrlConflict(url, seen)) errors[key] = 'validation.theme.url_overlap';
      seen.push(url);
    });
  }
  return errors;
}
