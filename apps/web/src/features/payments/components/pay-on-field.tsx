// Issue 29 "Pay on": pay now, or on a day from today up to the latest due date of the invoices (today plus the
// configured horizon when all are due). The browser's date picker is held to those days; a typed day outside them
// is refused inline, with the same message the server would answer.
import { Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import type { PayWhen } from '../utils/pay-on';

export function PayOnField(props: {
  when: PayWhen;
  day: string | null;
  bounds: { min: string; max: string };
  /** A translated error under the date. */
  error?: string;
  onWhenChange: (when: PayWhen) => void;
  onDayChange: (day: string | null) => void;
  onDayBlur: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Radio.Group
        label={t('payments.pay_on.label')}
        value={props.when}
        onChange={(value) => props.onWhenChange(value === 'on_date' ? 'on_date' : 'now')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="now" label={t('payments.pay_on.now')} />
          <Radio value="on_date" label={t('payments.pay_on.on_date')} />
        </Group>
      </Radio.Group>
      {props.when === 'on_date' && (
        <>
          <TextInput
            type="date"
            label={t('payments.pay_on.date')}
            description={t('payments.pay_on.date_hint', {
              from: formatDate(props.bounds.min),
              to: formatDate(props.bounds.max),
            })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={props.day ?? ''}
            min={props.bounds.min}
            max={props.bounds.max}
            required
            error={props.error}
            onChange={(event) => props.onDayChange(event.currentTarget.value || null)}
            onBlur={props.onDayBlur}
            maw="16rem"
            data-testid="pay-on-date"
          />
          <Text size="sm" maw="48rem">
            {t('payments.pay_on.explain')}
          </Text>
        </>
      )}
    </Stack>
  );
}
