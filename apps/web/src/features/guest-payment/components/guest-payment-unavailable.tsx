import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIGN_IN_PATH } from '../../../config/constants';

/** spec §6: guests need no sign-in, but only while the guest-payment setting is on. */
export function GuestPaymentUnavailable() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="gray" role="status" data-testid="guest-payment-unavailable">
        {t('guest-payment.unavailable.text')}
      </Alert>
      <Anchor component={Link} to={SIGN_IN_PATH}>
        {t('guest-payment.unavailable.sign_in')}
      </Anchor>
    </Stack>
  );
}
