// Themes (access spec §3 Theme, §5 "Theme", §7; issue 15): five templates, each matched to the portal's host names
// by URL match strings, with sign-in banners per language, a logo, an icon and eight colours. Rules and messages:
// packages/domain validateThemes (the Theme tab and the server). Banners follow the HTML policy (html-policy.ts).
import { z } from 'zod';
import { paymentMessageLanguages } from './configuration';
import { defineRoute } from './route';

export const themeNames = [
  'theme_default',
  'theme_template1',
  'theme_template2',
  'theme_template3',
  'theme_template4',
] as const;
export const ThemeName = z.enum(themeNames);
export type ThemeName = z.infer<typeof ThemeName>;

export const themeColorFields = [
  'backgroundColor',
  'primaryColor',
  'contrastColor',
  'hoverColor',
  'buttonColor',
  'buttonTextColor',
  'buttonHoverColor',
  'highlightColor',
] as const;
export type ThemeColorField = (typeof themeColorFields)[number];

/** `#rrggbb`; checked by validateThemes so that the form and the server name the same field. */
const color = z.string().max(7);

export const ThemeBanner = z.object({
  language: z.enum(paymentMessageLanguages),
  /** HTML, sanitised on save and again on render. */
  content: z.string().max(20_000),
});
export type ThemeBanner = z.infer<typeof ThemeBanner>;

export const Theme = z.object({
  name: ThemeName,
  /** Match strings: the theme applies when the portal's host contains one of them. */
  urls: z.array(z.string().max(253)).max(20),
  banners: z.array(ThemeBanner).max(paymentMessageLanguages.length),
  /** An uploaded file's address (/api/files/{id}) or empty. */
  brandLogo: z.string().max(100),
  brandIcon: z.string().max(100),
  backgroundColor: color,
  primaryColor: color,
  contrastColor: color,
  hoverColor: color,
  buttonColor: color,
  buttonTextColor: color,
  buttonHoverColor: color,
  highlightColor: color,
});
export type Theme = z.infer<typeof Theme>;

export const Themes = z.object({ themes: z.array(Theme).length(themeNames.length) });
export type Themes = z.infer<typeof Themes>;

export const getThemes = defineRoute({
  method: 'GET',
  path: '/api/configuration/themes',
  permission: 'CanEditSystemConfig',
  summary: 'The five theme templates with their URL match strings, banners, logo, icon and colours.',
  response: Themes,
});

export const putThemes = defineRoute({
  method: 'PUT',
  path: '/api/configuration/themes',
  permission: 'CanEditSystemConfig',
  summary: 'Save the five templates; colours #rrggbb, no URL inside another theme URL (400 naming the fields).',
  body: Themes,
  response: Themes,
});

export const getTheme = defineRoute({
  method: 'GET',
  path: '/api/configuration/theme',
  public: true,
  duringBlackout: true,
  summary:
    'The theme for a host name: the template whose URL match string it contains (the longest), else the default.',
  querystring: z.object({ url: z.string().max(253) }),
  response: Theme,
});

/** An uploaded logo or icon. */
export const UploadedFile = z.object({ url: z.string(), contentType: z.string(), size: z.number().int() });
export type UploadedFile = z.infer<typeof UploadedFile>;

/** Uploads accepted: sniffed from the bytes, not from the name or header. */
export const uploadLimits = {
  maxBytes: 512 * 1024,
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'],
} as const;

export const uploadFile = defineRoute({
  method: 'POST',
  path: '/api/configuration/upload',
  permission: 'CanEditSystemConfig',
  summary: 'Upload a logo or icon (multipart, one file named "file"): PNG, JPEG, WebP or SVG, at most 512 KB.',
  response: UploadedFile,
});

export const getFile = defineRoute({
  method: 'GET',
  path: '/api/files/:id',
  public: true,
  duringBlackout: true,
  download: 'image',
  summary: 'An uploaded image, served with nosniff and a sandboxing Content-Security-Policy.',
  params: z.object({ id: z.string().uuid() }),
  response: z.any(),
});
