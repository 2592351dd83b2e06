// Issue 35 on the Application tab: per company code, the reason codes that hold an open invoice back from AutoPay
// (left for a person and named in the reminder). By default every code but PP, the partial-payment code. Saved with
// the rest of the Application configuration; the server checks the codes against the ERP's.
import { MultiSelect, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ApplicationConfiguration } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useBackendConfiguration } from '../../../lib/backend-configuration';
import { holdReasonCompanyCodes, withHeldReasonCodes } from '../utils/autopay-hold-reason-codes';

type HoldReasonCodes = ApplicationConfiguration['autopayHoldReasonCodes'];

export function AutopayHoldReasons({
  value,
  onChange,
}: {
  value: HoldReasonCodes;
  onChange: (next: HoldReasonCodes) => void;
}) {
  const { t } = useTranslation();
  const backend = useBackendConfiguration();
  const companyCodes = backend.data ? holdReasonCompanyCodes(backend.data, value) : [];
  const headingId = 'configuration-autopay-hold-reasons';

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid="autopay-hold-reasons">
      <Title order={3} size="h5" id={headingId}>
        {t('configuration.scheduling.hold_reasons')}
      </Title>
      <Text size="sm">{t('configuration.scheduling.hold_reasons_intro')}</Text>
      {companyCodes.length > 0 ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
          {companyCodes.map((entry) => (
            <MultiSelect
              key={entry.code}
              label={t('configuration.scheduling.hold_reasons_for', { code: entry.code })}
              description={t(
                entry.isDefault
                  ? 'configuration.scheduling.hold_reasons_default'
                  : 'configuration.scheduling.hold_reasons_chosen',
              )}
              inputWrapperOrder={['label', 'input', 'description']}
              data={entry.options}
              value={entry.held}
              onChange={(held) => onChange(withHeldReasonCodes(value, entry.code, held))}
              hidePickedOptions={false}
              clearable
              data-testid={`autopay-hold-reasons-${entry.code}`}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('configuration.scheduling.hold_reasons_none')}
        </Text>
      )}
    </Stack>
  );
}
