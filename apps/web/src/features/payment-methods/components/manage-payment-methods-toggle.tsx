// spec §2 payment section: a "Manage payment methods" toggle that opens the My cards / My eChecks tabs.
import { Collapse, Switch } from '@mantine/core';
import type { PayerData } from '@portal/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PaymentMethodsTabs } from './payment-methods-tabs';

export function ManagePaymentMethodsToggle({
  payer,
  defaultOpen = false,
}: {
  payer: PayerData;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const regionId = useId();
  return (
    <>
      <Switch
        label={t('payment-methods.manage_toggle')}
        checked={open}
        onChange={(e) => setOpen(e.currentTarget.checked)}
        aria-controls={regionId}
        aria-expanded={open}
      />
      <Collapse expanded={open} id={regionId} mt="md">
        {open && <PaymentMethodsTabs payer={payer} />}
      </Collapse>
    </>
  );
}
