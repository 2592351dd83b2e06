// The result per document of a payment (spec §3 "Payment result per document"): a table, or at 600 px and less one
// card per document (spec §9 breakpoint), so that a phone never scrolls the result sideways.
import { Card, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PaymentResult } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '../../config/constants';
import { withoutLeadingZeros } from '../../lib/account-selection';
import classes from './payment-status.module.css';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;

/** Dark enough for 4.5:1 on the table's striped rows. */
const resultColors = { success: '#1b5e20', error: '#b71c1c', pending: '#6d4300' } as const;

type Props = {
  results: PaymentResult[];
  money: (amount: string) => string;
  /** The gateway has not answered yet: a document that is not S is in process, not refused. */
  pending: boolean;
};

type ResultKind = keyof typeof resultColors;

const resultKeys: Record<ResultKind, string> = {
  success: 'payments.status.result_success',
  error: 'payments.status.result_error',
  pending: 'payments.status.result_pending',
};

export function PaymentResults(props: Props) {
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  return mobile ? <ResultCards {...props} /> : <ResultTable {...props} />;
}

function useCells({ money, pending }: Pick<Props, 'money' | 'pending'>) {
  const { t } = useTranslation();
  return (entry: PaymentResult) => {
    const kind: ResultKind = entry.message_type === 'S' ? 'success' : pending ? 'pending' : 'error';
    return {
      document: withoutLeadingZeros(entry.billing_document_number || entry.document_number_finance),
      result: (
        <Text component="span" c={resultColors[kind]} fw={700} size="sm" data-testid="payment-result">
          {t(resultKeys[kind])}
        </Text>
      ),
      amount: money(entry.authorization_amount),
      authorization: entry.authorization_reference_code || '—',
      message: entry.message_line_string || '—',
    };
  };
}

function ResultTable({ results, ...options }: Props) {
  const { t } = useTranslation();
  const cells = useCells(options);
  return (
    <Table striped withTableBorder captionSide="top">
      <Table.Caption>{t('payments.status.results')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('payments.status.column.document')}</Table.Th>
          <Table.Th>{t('payments.status.column.result')}</Table.Th>
          <Table.Th>{t('payments.status.column.amount')}</Table.Th>
          <Table.Th>{t('payments.status.column.authorization')}</Table.Th>
          <Table.Th>{t('payments.status.column.message')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {results.map((entry) => {
          const cell = cells(entry);
          return (
            <Table.Tr key={entry.index_number}>
              <Table.Td>{cell.document}</Table.Td>
              <Table.Td>{cell.result}</Table.Td>
              <Table.Td>{cell.amount}</Table.Td>
              <Table.Td className={classes.wrap}>{cell.authorization}</Table.Td>
              <Table.Td className={classes.wrap}>{cell.message}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

function ResultCards({ results, ...options }: Props) {
  const { t } = useTranslation();
  const cells = useCells(options);
  return (
    <section aria-labelledby="payment-results-title">
      <Text id="payment-results-title" component="h2" fw={700} size="md" mb="xs">
        {t('payments.status.results')}
      </Text>
      <ul className={classes.cards}>
        {results.map((entry) => {
          const cell = cells(entry);
          return (
            <li key={entry.index_number}>
              <Card withBorder padding="sm">
                <dl className={classes.cardFields}>
                  <dt>{t('payments.status.column.document')}</dt>
                  <dd>{cell.document}</dd>
                  <dt>{t('payments.status.column.result')}</dt>
                  <dd>{cell.result}</dd>
                  <dt>{t('payments.status.column.amount')}</dt>
                  <dd>{cell.amount}</dd>
                  <dt>{t('payments.status.column.authorization')}</dt>
                  <dd>{cell.authorization}</dd>
                  <dt>{t('payments.status.column.message')}</dt>
                  <dd>{cell.message}</dd>
                </dl>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
