// GET/PUT /api/configuration/themes and the public GET /api/configuration/theme?url= (access spec §3 Theme, §5, §7;
// issue 15). The five templates live in app_settings "themes" (the built-in look until an administrator saves).
// Saving checks the colours and URL overlaps (packages/domain validateThemes), keeps only uploaded files as logo and
// icon, sanitises the banners (html-sanitizer.ts) and is audited; the public call sanitises them again.
import { themeNames, type Theme, type ThemeName, type Themes } from '@portal/contracts';
import { normalizeThemeUrl, validateThemes } from '@portal/domain';
import type { AppContext } from '../../app-context';
import { assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import type { Actor } from '../../plugins/auth';
import { recordAuditEvent } from '../audit/audit.repository';
import { sanitizeHtml } from '../configuration/html-sanitizer';
import { readSetting, writeSetting } from '../system/app-settings.repository';

const settingKey = 'themes';

/** The portal's built-in look (the web's default colours), for every template until one is saved. */
export function builtInTheme(name: ThemeName): Theme {
  return {
    name,
    urls: [],
    banners: [],
    brandLogo: '',
    brandIcon: '',
    backgroundColor: '#ffffff',
    primaryColor: '#0b4f8a',
    contrastColor: '#ffffff',
    hoverColor: '#083a66',
    buttonColor: '#1971c2',
    buttonTextColor: '#ffffff',
    buttonHoverColor: '#1864ab',
    highlightColor: '#e7f5ff',
  };
}

/** An uploaded file's address, the only logo or icon a theme may name. */
const fileAddress = /^\/api\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function getThemes(ctx: AppContext): Promise<Themes> {
  const stored = (await readSetting<Theme[]>(ctx.db, settingKey)) ?? [];
  return {
    themes: themeNames.map((name) => ({ ...builtInTheme(name), ...stored.find((theme) => theme.name === name) })),
  };
}

export async function putThemes(ctx: AppContext, actor: Actor, input: Themes, client: ClientInfo): Promise<Themes> {
  const names = input.themes.map((theme) => theme.name);
  const errors: Record<string, string> = validateThemes(input.themes);
  if (new Set(names).size !== themeNames.length) errors.themes = 'validation.theme.templates';
  for (const theme of input.themes) {
    for (const field of ['brandLogo', 'brandIcon'] as const) {
      if (theme[field] !== '' && !fileAddress.test(theme[field]))
        errors[`${theme.name}.${field}`] = 'validation.theme.file_invalid';
    }
  }
  assertNoFieldErrors(errors);

  const before = await getThemes(ctx);
  const next: Theme[] = [];
  for (const name of themeNames) {
    const theme = input.themes.find((candidate) => candidate.name === name)!;
    next.push({
      ...theme,
      urls: [...new Set(theme.urls.map(normalizeThemeUrl))],
      banners: await cleanBanners(theme.banners),
      backgroundColor: theme.backgroundColor.toLowerCase(),
      primaryColor: theme.primaryColor.toLowerCase(),
      contrastColor: theme.contrastColor.toLowerCase(),
      hoverColor: theme.hoverColor.toLowerCase(),
      buttonColor: theme.buttonColor.toLowerCase(),
      buttonTextColor: theme.buttonTextColor.toLowerCase(),
      buttonHoverColor: theme.buttonHoverColor.toLowerCase(),
      highlightColor: theme.highlightColor.toLowerCase(),
    });
  }
  await writeSetting(ctx.db, settingKey, next);

  const changes = next.flatMap((theme) => {
    const old = before.themes.find((candidate) => candidate.name === theme.name)!;
    return (Object.keys(theme) as (keyof Theme)[])
      .filter((field) => JSON.stringify(old[field]) !== JSON.stringify(theme[field]))
      .map((field) => ({ field: `${theme.name}.${field}`, from: old[field], to: theme[field] }));
  });
  if (changes.length) {
    await recordAuditEvent(ctx.db, {
      at: ctx.now(),
      event: 'configuration_changed',
      userId: actor.impersonator?.userId ?? actor.userId,
      subject: 'themes',
      ip: client.ip,
      userAgent: client.userAgent,
      requestId: client.requestId,
      details: { changes },
    });
  }
  return { themes: next };
}

async function cleanBanners(banners: Theme['banners']): Promise<Theme['banners']> {
  const kept: Theme['banners'] = [];
  for (const banner of banners) {
    if (kept.some((other) => other.language === banner.language)) continue;
    const content = (await sanitizeHtml(banner.content)).trim();
    if (content !== '') kept.push({ language: banner.language, content });
  }
  return kept;
}

/**
 * The theme of a host: the template with a match string the host contains (the longest such string, should two
 * match), else the default. Banners are sanitised again on the way out.
 */
export async function themeForHost(ctx: AppContext, host: string): Promise<Theme> {
  const wanted = host.trim().toLowerCase();
  const { themes } = await getThemes(ctx);
  let best: { theme: Theme; length: number } | undefined;
  for (const theme of themes) {
    if (theme.name === 'theme_default') continue;
    for (const url of theme.urls) {
      if (url !== '' && wanted.includes(url) && (!best || url.length > best.length))
        best = { theme, length: url.length };
    }
  }
  const theme = best?.theme ?? themes.find((candidate) => candidate.name === 'theme_default')!;
  return { ...theme, banners: await cleanBanners(theme.banners) };
}
