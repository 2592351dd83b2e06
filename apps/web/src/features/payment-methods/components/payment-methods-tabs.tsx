// My cards / My eChecks (spec §2, §6): the eChecks tab only where e-check is enabled for the company code. The
// payment page of the next issue shows the same component behind its "Manage payment methods" toggle.
import { Button, Group, Tabs, Text } from '@mantine/core';
import type { PayerData, PaymentCard } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentMethods } from '../api/get-payment-methods';
import { managePaymentMethod } from '../api/manage-payment-method';
import { reportManageResult } from '../utils/manage-result';
import { paymentMethodLabel } from '../utils/payment-method-label';
import { CardFormDialog } from './card-form-dialog';
import { DeleteMethodDialog } from './delete-method-dialog';
import { EcheckFormDialog } from './echeck-form-dialog';
import { PaymentMethodList } from './payment-method-list';
import { LoadFailed } from '../../../components/ui/load-failed';

type Dialog =
  | { kind: 'add-card' }
  | { kind: 'add-echeck' }
  | { kind: 'edit'; method: PaymentCard }
  | { kind: 'delete'; method: PaymentCard }
  | null;

export function PaymentMethodsTabs({ payer }: { payer: PayerData }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending, error } = usePaymentMethods(payer);
  const [tab, setTab] = useState<string | null>('cards');
  const [dialog, setDialog] = useState<Dialog>(null);

  if (error && !data) return <LoadFailed error={error} />;
  if (isPending || !data)
    return (
      <Text c="dimmed" role="status">
        {t('payment-methods.loading')}
      </Text>
    );

  const cards = data.payment_cards.filter((m) => m.payment_card_type !== 'EC');
  const checks = data.payment_cards.filter((m) => m.payment_card_type === 'EC');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['payment-methods'] });
  const handleSaved = () => {
    setDialog(null);
    void refresh();
  };

  async function handleMakeDefault(method: PaymentCard) {
    const answer = await managePaymentMethod(payer, '02', { ...method, default: 'X' });
    if (reportManageResult(t, answer, paymentMethodLabel(t, method), t('payment-methods.toast.default_set')))
      void refresh();
  }

  async function handleDelete(method: PaymentCard) {
    const answer = await managePaymentMethod(payer, '03', method);
    if (reportManageResult(t, answer, paymentMethodLabel(t, method), t('payment-methods.toast.deleted'))) handleSaved();
  }

  const listProps = {
    onEdit: (method: PaymentCard) => setDialog({ kind: 'edit', method }),
    onDelete: (method: PaymentCard) => setDialog({ kind: 'delete', method }),
    onMakeDefault: handleMakeDefault,
  };

  return (
    <>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="cards">{t('payment-methods.tabs.cards')}</Tabs.Tab>
          {data.settings.echeck_enabled && <Tabs.Tab value="echecks">{t('payment-methods.tabs.echecks')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="cards" pt="md">
          <Group justify="flex-end" mb="sm">
            <Button onClick={() => setDialog({ kind: 'add-card' })}>{t('payment-methods.cards.add')}</Button>
          </Group>
          <PaymentMethodList methods={cards} kind="cards" {...listProps} />
        </Tabs.Panel>
        {data.settings.echeck_enabled && (
          <Tabs.Panel value="echecks" pt="md">
            <Group justify="flex-end" mb="sm">
              <Button onClick={() => setDialog({ kind: 'add-echeck' })}>{t('payment-methods.echecks.add')}</Button>
            </Group>
            <PaymentMethodList methods={checks} kind="echecks" {...listProps} />
          </Tabs.Panel>
        )}
      </Tabs>
      {dialog?.kind === 'add-card' && (
        <CardFormDialog payer={payer} settings={data.settings} onClose={() => setDialog(null)} onSaved={handleSaved} />
      )}
      {dialog?.kind === 'add-echeck' && (
        <EcheckFormDialog
          payer={payer}
          settings={data.settings}
          onClose={() => setDialog(null)}
          onSaved={handleSaved}
        />
      )}
      {dialog?.kind === 'edit' &&
        (dialog.method.payment_card_type === 'EC' ? (
          <EcheckFormDialog
            payer={payer}
            settings={data.settings}
            check={dialog.method}
            onClose={() => setDialog(null)}
            onSaved={handleSaved}
          />
        ) : (
          <CardFormDialog
            payer={payer}
            settings={data.settings}
            card={dialog.method}
            onClose={() => setDialog(null)}
            onSaved={handleSaved}
          />
        ))}
      {dialog?.kind === 'delete' && (
        <DeleteMethodDialog
          label={paymentMethodLabel(t, dialog.method)}
          onClose={() => setDialog(null)}
          onConfirm={() => handleDelete(dialog.method)}
        />
      )}
    </>
  );
}
