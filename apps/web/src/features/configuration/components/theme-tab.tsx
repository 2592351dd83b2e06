// The Theme tab (access spec §2, §3 Theme, §5 "Theme", §8; issue 15): the five templates, each with the host names it
// applies to (a URL that contains, or is contained in, another is not added), the sign-in banner per language with a
// live preview (sanitised as it will be shown), the logo and icon (uploaded; the server sniffs the type), and the
// eight colours with a warning when text falls below WCAG AA contrast. Saving applies the theme at once.
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  paymentMessageLanguages,
  themeColorFields,
  themeNames,
  type Theme,
  type ThemeName,
  type Themes,
} from '@portal/contracts';
import { contrastWarnings, themeUrlConflict, validateThemes } from '@portal/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { ApiError, errorText } from '../../../lib/api-client';
import { languageNames } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { portalThemeQuery } from '../../../lib/portal-theme';
import { saveThemes, themesQuery, uploadImage } from '../api/themes';
import { Section } from './section';

type Language = (typeof paymentMessageLanguages)[number];

export function ThemeTab() {
  const { data } = useQuery(themesQuery());
  if (!data) return null;
  return <ThemeForm key={JSON.stringify(data)} initial={data} />;
}

function ThemeForm({ initial }: { initial: Themes }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [themes, setThemes] = useState(initial.themes);
  const [selected, setSelected] = useState<ThemeName>('theme_default');
  const [bannerLanguage, setBannerLanguage] = useState<Language>('en');
  const [newUrl, setNewUrl] = useState('');
  const [urlError, setUrlError] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<'brandLogo' | 'brandIcon' | null>(null);

  const theme = themes.find((candidate) => candidate.name === selected)!;
  const update = (change: Partial<Theme>) => {
    setThemes((current) =>
      current.map((candidate) => (candidate.name === selected ? { ...candidate, ...change } : candidate)),
    );
    setErrors({});
  };
  const fieldError = (field: string) =>
    errors[`${selected}.${field}`] ? t(errors[`${selected}.${field}`]!) : undefined;

  const addUrl = () => {
    const url = newUrl.trim();
    if (!url) return;
    // spec §5: not added if it contains, or is contained in, a URL of any template.
    const conflict = themeUrlConflict(
      url,
      themes.flatMap((candidate) => candidate.urls),
    );
    const invalid = validateThemes([{ ...theme, urls: [url] }])[`${selected}.urls.0`];
    if (conflict || invalid) {
      setUrlError(t(conflict ? 'validation.theme.url_overlap' : invalid!));
      return;
    }
    update({ urls: [...theme.urls, url] });
    setNewUrl('');
    setUrlError(undefined);
  };

  const banner = theme.banners.find((entry) => entry.language === bannerLanguage)?.content ?? '';
  const setBanner = (content: string) =>
    update({
      banners: [
        ...theme.banners.filter((entry) => entry.language !== bannerLanguage),
        { language: bannerLanguage, content },
      ],
    });

  const upload = async (field: 'brandLogo' | 'brandIcon', file: File | null) => {
    if (!file) return;
    setUploading(field);
    try {
      const stored = await uploadImage(file);
      update({ [field]: stored.url });
    } catch (failure) {
      notify.error(failure instanceof ApiError && failure.body ? errorText(failure.body) : t('errors.codes.INTERNAL'));
    } finally {
      setUploading(null);
    }
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = validateThemes(themes);
    setErrors(found);
    const firstBroken = Object.keys(found)[0];
    if (firstBroken) {
      setSelected(firstBroken.split('.')[0] as ThemeName);
      notify.error(t('configuration.save_configuration_error'));
      return;
    }
    setBusy(true);
    try {
      const saved = await saveThemes({ themes });
      queryClient.setQueryData(themesQuery().queryKey, saved);
      // The theme of this very host may have changed: the whole app takes it at once.
      await queryClient.invalidateQueries({ queryKey: portalThemeQuery.queryKey });
      notify.success(t('configuration.theme.saved'));
    } catch (failure) {
      const fields = failure instanceof ApiError ? (failure.body?.details?.fields as string[] | undefined) : undefined;
      if (fields && failure instanceof ApiError && failure.body) {
        setErrors(Object.fromEntries(fields.map((field) => [field, failure.body!.messageKey])));
      }
      // spec §8: a failed theme save is this toast.
      notify.error(t('configuration.save_configuration_error'));
    } finally {
      setBusy(false);
    }
  };

  const warnings = contrastWarnings(theme);

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack gap="lg">
        <Select
          label={t('configuration.theme.template')}
          data={themeNames.map((name) => ({ value: name, label: t(`configuration.theme.names.${name}`) }))}
          value={selected}
          onChange={(value) => value && setSelected(value as ThemeName)}
          allowDeselect={false}
          maw={360}
          data-testid="theme-template"
        />

        <Section title={t('configuration.theme.urls')}>
          <Text size="sm" c="dimmed">
            {t(
              selected === 'theme_default' ? 'configuration.theme.urls_default_hint' : 'configuration.theme.urls_hint',
            )}
          </Text>
          {theme.urls.length > 0 && (
            <List spacing="xs" listStyleType="none" withPadding={false} data-testid="theme-urls">
              {theme.urls.map((url, index) => (
                <List.Item key={url}>
                  <Group gap="xs" wrap="nowrap">
                    <Text style={{ overflowWrap: 'anywhere' }}>{url}</Text>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t('configuration.theme.remove_url', { url })}
                      onClick={() => update({ urls: theme.urls.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                  {fieldError(`urls.${index}`) && (
                    <Text size="sm" c="red.8">
                      {fieldError(`urls.${index}`)}
                    </Text>
                  )}
                </List.Item>
              ))}
            </List>
          )}
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('configuration.theme.new_url')}
              placeholder="portal.example.com"
              value={newUrl}
              onChange={(event) => {
                setNewUrl(event.currentTarget.value);
                setUrlError(undefined);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addUrl();
                }
              }}
              error={urlError}
              maxLength={253}
              style={{ flex: '1 1 16rem' }}
              data-testid="theme-new-url"
            />
            <Button variant="outline" mb={urlError ? 24 : 0} onClick={addUrl} data-testid="theme-add-url">
              {t('configuration.theme.add_url')}
            </Button>
          </Group>
        </Section>

        <Section title={t('configuration.theme.colors')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            {themeColorFields.map((field) => (
              <ColorInput
                key={field}
                label={t(`configuration.theme.color.${field}`)}
                format="hex"
                value={theme[field]}
                onChange={(value) => update({ [field]: value })}
                error={fieldError(field)}
                withEyeDropper={false}
                data-testid={`theme-${field}`}
              />
            ))}
          </SimpleGrid>
          {warnings.length > 0 && (
            <Alert
              color="yellow"
              variant="light"
              title={t('configuration.theme.contrast_title')}
              data-testid="theme-contrast"
            >
              <List size="sm">
                {warnings.map((warning) => (
                  <List.Item key={`${warning.text}-${warning.background}`}>
                    {t('configuration.theme.contrast_warning', {
                      text: t(`configuration.theme.color.${warning.text}`),
                      background: t(`configuration.theme.color.${warning.background}`),
                      ratio: warning.ratio.toFixed(2),
                    })}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <ThemePreview theme={theme} />
        </Section>

        <Section title={t('configuration.theme.images')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {(['brandLogo', 'brandIcon'] as const).map((field) => (
              <Stack key={field} gap="xs">
                <Text fw={600} size="sm">
                  {t(`configuration.theme.${field}`)}
                </Text>
                {theme[field] ? (
                  <Image src={theme[field]} alt={t(`configuration.theme.${field}`)} h={48} w="auto" fit="contain" />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('configuration.theme.no_image')}
                  </Text>
                )}
                <Group gap="xs">
                  <FileButton
                    onChange={(file) => void upload(field, file)}
                    accept="image/png,image/jpeg,image/webp,image/svg+xml"
                  >
                    {(props) => (
                      <Button
                        {...props}
                        variant="outline"
                        size="xs"
                        loading={uploading === field}
                        data-testid={`theme-upload-${field}`}
                      >
                        {t('configuration.theme.upload')}
                      </Button>
                    )}
                  </FileButton>
                  {theme[field] && (
                    <Button variant="subtle" color="red.9" size="xs" onClick={() => update({ [field]: '' })}>
                      {t('configuration.theme.remove_image')}
                    </Button>
                  )}
                </Group>
                {fieldError(field) && (
                  <Text size="sm" c="red.8">
                    {fieldError(field)}
                  </Text>
                )}
              </Stack>
            ))}
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('configuration.theme.images_hint')}
          </Text>
        </Section>

        <Section title={t('configuration.theme.banner')}>
          <Select
            label={t('configuration.theme.banner_language')}
            data={paymentMessageLanguages.map((language) => ({ value: language, label: languageNames[language] }))}
            value={bannerLanguage}
            onChange={(value) => value && setBannerLanguage(value as Language)}
            allowDeselect={false}
            maw={280}
          />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Textarea
              label={t('configuration.theme.banner_html', { language: languageNames[bannerLanguage] })}
              description={t('configuration.theme.banner_hint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={banner}
              onChange={(event) => setBanner(event.currentTarget.value)}
              autosize
              minRows={6}
              maxLength={20_000}
              styles={{ input: { fontFamily: 'monospace' } }}
              data-testid="theme-banner"
            />
            <Stack gap={4}>
              <Text fw={600} size="sm" id="theme-banner-preview-label">
                {t('configuration.theme.preview')}
              </Text>
              <Paper
                withBorder
                p="md"
                style={{ background: theme.backgroundColor }}
                aria-labelledby="theme-banner-preview-label"
                role="region"
                lang={bannerLanguage}
              >
                {banner.trim() ? (
                  <SanitizedHtml data-testid="theme-banner-preview" html={banner} />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('configuration.theme.banner_empty')}
                  </Text>
                )}
              </Paper>
            </Stack>
          </SimpleGrid>
        </Section>

        <Group>
          <Button type="submit" loading={busy} data-testid="theme-save">
            {t('configuration.theme.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A header bar and a button in the theme's colours, as the portal will draw them. */
function ThemePreview({ theme }: { theme: Theme }) {
  const { t } = useTranslation();
  return (
    <Box
      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, overflow: 'hidden' }}
      aria-hidden="true"
    >
      <Box px="md" py="xs" style={{ background: theme.primaryColor, color: theme.contrastColor, fontWeight: 600 }}>
        {t('shell.app_name')}
      </Box>
      <Group p="md" style={{ background: theme.backgroundColor }}>
        <Box
          component="span"
          px="md"
          py={6}
          style={{ background: theme.buttonColor, color: theme.buttonTextColor, borderRadius: 4, fontWeight: 600 }}
        >
          {t('auth.signin.login_button')}
        </Box>
        <Box
          component="span"
          px="md"
          py={6}
          style={{ background: theme.buttonHoverColor, color: theme.buttonTextColor, borderRadius: 4, fontWeight: 600 }}
        >
          {t('configuration.theme.preview_hover')}
        </Box>
        <Box component="span" px="sm" py={4} style={{ background: theme.highlightColor, borderRadius: 4 }}>
          {t('configuration.theme.preview_highlight')}
        </Box>
      </Group>
    </Box>
  );
}
