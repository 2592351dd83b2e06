import { Button, Group, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { parseMinorUnits } from '@portal/domain';
import { memo, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currencyDecimals, formatMoney } from '@portal/domain';
import { invoiceSelection, selectedTotal, useInvoiceSelection } from '../../../lib/invoice-selection';
import { notify } from '../../../lib/notify';
import classes from './invoices.module.css';

export const PAY_PATH = '/invoices/pay';

/**
 * The running selected total and Continue (spec §2). spec §5 "Continue to pay": warns no_invoices_selected when
 * nothing is selected and credit_amount_validation when the total is 0 or less.
 */
export const SelectionBar = memo(function SelectionBar({
  disabled,
  extraActions,
}: {
  disabled: boolean;
  /** Other actions on the selection, before Continue (issue 38: Promise to pay). */
  extraActions?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const selection = useInvoiceSelection();
  const currency = selection.currency ?? selection.selected[0]?.document.currency_key ?? 'USD';
  const total = selectedTotal(selection);

  const handleContinue = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (disabled) return;
    if (selection.selected.length === 0) {
      notify.warning(t('validation.payment.no_invoices_selected'));
      return;
    }
    if ((parseMinorUnits(total, currencyDecimals(currency)) ?? 0n) <= 0n) {
      notify.warning(t('validation.payment.credit_amount_validation'));
      return;
    }
    void navigate(PAY_PATH);
  };

  return (
    <section
      aria-label={t('invoices.selection.label')}
      className={`${classes.selectionBar} ${disabled ? classes.greyedOut : ''}`}
      data-testid="selection-bar"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="lg">
          <Text size="sm">{t('invoices.selection.selected_count', { total: selection.selected.length })}</Text>
          <Text size="sm">
            {t('invoices.selection.selected_total')}:{' '}
            <Text span fw={700} data-testid="selected-total">
              {formatMoney(total, currency, i18n.language)}
            </Text>
          </Text>
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            disabled={disabled || selection.selected.length === 0}
            onClick={() => invoiceSelection.clear()}
          >
            {t('invoices.selection.clear')}
          </Button>
          {extraActions}
          <Button
            component={Link}
            to={PAY_PATH}
            onClick={handleContinue}
            rightSection={<IconArrowRight size={16} aria-hidden="true" />}
            aria-disabled={disabled || undefined}
            data-disabled={disabled || undefined}
          >
            {t('invoices.selection.continue')}
          </Button>
        </Group>
      </Group>
    </section>
  );
});
