// /auto-register/confirm-instructions (access spec §2): 'You should receive a confirmation email shortly.'
import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import classes from './registration.module.css';

export function ConfirmInstructionsPage() {
  const { t } = useTranslation();
  return (
    <Stack className={classes.narrow} gap="lg">
      <PageTitle>{t('shell.pages.auto_register_confirm_instructions')}</PageTitle>
      <Alert color="green" role="status" data-testid="confirm-instructions">
        {t('auth.registration.confirm_instructions')}
      </Alert>
      <Anchor component={Link} to="/signin">
        {t('auth.back_to_sign_in')}
      </Anchor>
    </Stack>
  );
}
