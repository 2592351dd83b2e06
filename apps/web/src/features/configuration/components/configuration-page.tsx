// /settings/configuration (access spec §2 settings configuration tabs; issue 15): Application, Theme, Email,
// Maintenance and System, each in its own file, and (issue 38) Collections: the reminder schedules, which the app
// composes in from the collections feature. The tab is kept in the address (?tab=) so that it survives a reload
// and can be linked to.
import { Stack, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { ApplicationTab } from './application-tab';
import { EmailTab } from './email-tab';
import { MaintenanceTab } from './maintenance-tab';
import { SystemTab } from './system-tab';
import { ThemeTab } from './theme-tab';

const allTabs = ['application', 'theme', 'email', 'maintenance', 'system', 'collections'] as const;
type Tab = (typeof allTabs)[number];

export function ConfigurationPage({ collectionsTab }: { collectionsTab?: ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabs: readonly Tab[] = collectionsTab ? allTabs : allTabs.filter((value) => value !== 'collections');
  const requested = params.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'application';
  return (
    <Stack gap="lg">
      <PageTitle>{t('configuration.title')}</PageTitle>
      <Tabs value={tab} onChange={(value) => value && setParams({ tab: value }, { replace: true })} keepMounted={false}>
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value} data-testid={`configuration-tab-${value}`}>
              {t(`configuration.tabs.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="application" pt="md">
          <ApplicationTab />
        </Tabs.Panel>
        <Tabs.Panel value="theme" pt="md">
          <ThemeTab />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="md">
          <EmailTab />
        </Tabs.Panel>
        <Tabs.Panel value="maintenance" pt="md">
          <MaintenanceTab />
        </Tabs.Panel>
        <Tabs.Panel value="system" pt="md">
          <SystemTab />
        </Tabs.Panel>
        {collectionsTab && (
          <Tabs.Panel value="collections" pt="md">
            {collectionsTab}
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
