// One list of saved methods (cards or e-checks) with edit, set default and delete. A list of cards rather than a
// table, so that it reads the same at 1280 px and at 375 px.
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PaymentCard } from '@portal/contracts';
import { lastFourOfToken } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { expiryText, paymentMethodLabel } from '../utils/payment-method-label';

type Props = {
  methods: PaymentCard[];
  kind: 'cards' | 'echecks';
  onEdit: (method: PaymentCard) => void;
  onDelete: (method: PaymentCard) => void;
  onMakeDefault: (method: PaymentCard) => void;
};

export function PaymentMethodList({ methods, kind, onEdit, onDelete, onMakeDefault }: Props) {
  const { t } = useTranslation();
  if (methods.length === 0)
    return (
      <Text c="dimmed" py="md">
        {t(`payment-methods.${kind}.empty`)}
      </Text>
    );
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      aria-label={t(`payment-methods.${kind}.caption`)}
      style={{ listStyle: 'none' }}
    >
      {methods.map((method) => {
        const label = paymentMethodLabel(t, method);
        return (
          <Paper component="li" key={method.payment_card_token} withBorder p="sm" data-testid="payment-method">
            <Group justify="space-between" align="center" gap="sm" wrap="wrap">
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  <Text fw={600}>{label}</Text>
                  {method.default === 'X' && (
                    <Badge color="blue" variant="light">
                      {t('payment-methods.default_badge')}
                    </Badge>
                  )}
                  {method.is_session === 'X' && (
                    <Badge color="gray" variant="light">
                      {t('payment-methods.session_badge')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm">{method.payment_card_name}</Text>
                {kind === 'cards' ? (
                  <Text size="sm" c="dimmed">
                    {t('payment-methods.columns.expires')}: {expiryText(method.valid_to)}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t(`payment-methods.account_types.${method.electronic_check_account_type || 'C'}`)} ·{' '}
                    {t('payment-methods.columns.routing')}: {method.electronic_check_rdfi_number} · ••••{' '}
                    {lastFourOfToken(method.payment_card_token)}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                {method.default !== 'X' && method.is_session !== 'X' && (
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => onMakeDefault(method)}
                    aria-label={t('payment-methods.actions.make_default', { card: label })}
                  >
                    {t('payment-methods.actions.make_default_short')}
                  </Button>
                )}
                <Button
                  variant="light"
                  size="xs"
                  onClick={() => onEdit(method)}
                  aria-label={t('payment-methods.actions.edit', { card: label })}
                >
                  {t('payment-methods.actions.edit_short')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  onClick={() => onDelete(method)}
                  aria-label={t('payment-methods.actions.delete', { card: label })}
                >
                  {t('payment-methods.actions.delete_short')}
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
