import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconBell,
  IconCalendarDue,
  IconCreditCard,
  IconFileTypePdf,
  IconInfoCircle,
  IconMessageReport,
} from '@tabler/icons-react';
import type {
  InvoiceCollections,
  InvoiceDetail,
  InvoiceDetailResponse,
  InvoicePartner,
  InvoiceReopened,
  PayerData,
} from '@portal/contracts';
import { parseMinorUnits } from '@portal/domain';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { TableScroll } from '../../../components/ui/table-scroll';
import { MOBILE_BREAKPOINT_PX } from '../../../config/constants';
import { currentPrimary, displayName, useAccountSelection, withoutLeadingZeros } from '../../../lib/account-selection';
import { formatDate } from '../../../lib/format-date';
import { currencyDecimals, formatMoney } from '@portal/domain';
import { invoiceSelection } from '../../../lib/invoice-selection';
import { log } from '../../../lib/log';
import { usePaymentsDisabled } from '../../../lib/payments-disabled';
import { useSession } from '../../../lib/session';
import { useInvoiceDetail } from '../api/get-invoice-detail';
import { openInvoicePdf } from '../api/request-invoice-pdf';
import { fetchInvoices } from '../api/search-invoices';
import { accountScope } from '../utils/build-search-request';
import { showsPayControls } from '../utils/payment-access';
import classes from './invoices.module.css';
import { PAY_PATH } from './selection-bar';
import { AccountsPending, LoadFailed } from '../../../components/ui/load-failed';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;

type InvoiceDispute = NonNullable<InvoiceDetailResponse['dispute']>;

/** The invoice as a dispute of it needs it (issue 39): what the app hands to the disputes feature's button. */
export type DisputeInvoice = {
  payer: PayerData;
  billingDocumentNumber: string;
  currency: string;
  openAmount: string;
  lines: { item_number: string; description: string; amount: string }[];
};

/**
 * /invoices/detail/:billingDocumentNumber (spec §2 Invoice detail). disputeAction: "Dispute this invoice", composed by
 * the app from the disputes feature (issue 39), shown on an open invoice without an active dispute.
 */
export function InvoiceDetailPage({ disputeAction }: { disputeAction?: (invoice: DisputeInvoice) => ReactNode }) {
  const { t } = useTranslation();
  const { billingDocumentNumber = '' } = useParams();
  const accounts = useAccountSelection();
  const primary = currentPrimary(accounts);
  const request = useMemo(
    () =>
      primary && billingDocumentNumber
        ? {
            document_detail: {
              billing_document_number: billingDocumentNumber,
              document_type: '01' as const,
              customer_number: primary.PrimaryAcct,
            },
          }
        : null,
    [primary, billingDocumentNumber],
  );
  const detail = useInvoiceDetail(request);
  const number = withoutLeadingZeros(billingDocumentNumber);

  if (detail.isPending && request) {
    return (
      <Stack>
        <PageTitle>{t('invoices.detail.invoice_title', { number })}</PageTitle>
        <Loader size="sm" role="status" aria-label={t('common.loading')} />
      </Stack>
    );
  }
  if (!detail.data) {
    return (
      <Stack align="flex-start">
        <PageTitle>{t('invoices.detail.invoice_title', { number })}</PageTitle>
        {!primary && !accounts.loaded ? (
          <AccountsPending failure={accounts.failure} />
        ) : detail.isError ? (
          <LoadFailed error={detail.error} />
        ) : (
          <Text>{t('invoices.detail.not_found')}</Text>
        )}
        <BackButton />
      </Stack>
    );
  }
  return <DetailView detail={detail.data} disputeAction={disputeAction} />;
}

function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Back to where the user came from; a detail opened directly goes back to the list.
  const handleBack = () => (window.history.length > 1 ? void navigate(-1) : void navigate('/invoices'));
  return (
    <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} onClick={handleBack}>
      {t('invoices.detail.back')}
    </Button>
  );
}

function PartnerBlock({
  title,
  partner,
  companyCode,
}: {
  title: string;
  partner?: InvoicePartner;
  companyCode: string;
}) {
  if (!partner) return null;
  const address = partner.address_data;
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      <Text fw={600}>{displayName(address, companyCode)}</Text>
      <Text size="sm">{withoutLeadingZeros(partner.partner_number)}</Text>
      {address.street && <Text size="sm">{address.street}</Text>}
      {address.postal_code_city && <Text size="sm">{address.postal_code_city}</Text>}
      {(address.region || address.country) && (
        <Text size="sm">{[address.region, address.country].filter(Boolean).join(', ')}</Text>
      )}
    </Paper>
  );
}

/** Issue 37: why the invoice is open again: the payment that had paid it came back (refund, return, chargeback). */
function ReopenedNotice({ reopened, money }: { reopened: InvoiceReopened[]; money: (amount: string) => string }) {
  const { t } = useTranslation();
  if (reopened.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
      <Stack gap={4}>
        {/* The title as text of the notice: the Alert's own title takes its colour, too pale on yellow. */}
        <Text size="sm" fw={700}>
          {t('invoices.detail.reopened.title')}
        </Text>
        {reopened.map((entry, index) => (
          <Text size="sm" key={`${entry.reference_code}-${entry.date}-${index}`}>
            {t(`invoices.detail.reopened.${entry.kind}`, {
              amount: money(entry.amount),
              date: formatDate(entry.date),
              reference: entry.reference_code,
              code: entry.return_code
                ? t(`money-back.return_codes.${entry.return_code}`, { defaultValue: entry.return_code })
                : '',
            })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/**
 * Issue 38: when the invoice was last reminded of (and how many reminders listed it), and the day an open promise to
 * pay holds it until.
 */
function CollectionsNotice({ collections }: { collections: InvoiceCollections | null }) {
  const { t } = useTranslation();
  const reminders = collections?.reminders ?? [];
  const newest = reminders[0];
  const promise = collections?.promise;
  if (!newest && !promise) return null;
  return (
    <Group gap="lg" wrap="wrap" data-testid="invoice-collections">
      {newest && (
        <Group gap={6} wrap="nowrap">
          <IconBell size={18} aria-hidden="true" />
          <Text size="sm" data-testid="invoice-reminded">
            {t('invoices.detail.reminded', {
              date: formatDate(newest.sent_at),
              count: reminders.length,
            })}
          </Text>
        </Group>
      )}
      {promise && (
        <Group gap={6} wrap="nowrap">
          <IconCalendarDue size={18} aria-hidden="true" />
          <Text size="sm" fw={600} data-testid="invoice-promised">
            {t('invoices.detail.promised', { date: formatDate(promise.promised_date) })}
          </Text>
        </Group>
      )}
    </Group>
  );
}

/** Issue 39: the invoice's dispute, its status and the way to it. */
function DisputeNotice({ dispute }: { dispute: InvoiceDispute | null }) {
  const { t } = useTranslation();
  if (!dispute) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMessageReport aria-hidden="true" />}
      data-testid="invoice-disputed"
    >
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('invoices.detail.disputed', {
            reference: dispute.reference,
            status: t(`disputes.statuses.${dispute.status}`),
          })}
        </Text>
        <Anchor component={Link} to={`/disputes/${dispute.id}`} size="sm" fw={600}>
          {t('invoices.detail.view_dispute', { reference: dispute.reference })}
        </Anchor>
      </Group>
    </Alert>
  );
}

function DetailView({
  detail,
  disputeAction,
}: {
  detail: InvoiceDetail & {
    reopened: InvoiceReopened[];
    collections: InvoiceCollections | null;
    dispute: InvoiceDispute | null;
  };
  disputeAction?: (invoice: DisputeInvoice) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useSession();
  const accounts = useAccountSelection();
  const primary = currentPrimary(accounts);
  const paymentsDisabled = usePaymentsDisabled(primary?.CompanyCode);
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const [paying, setPaying] = useState(false);
  const header = detail.header_data;
  const number = withoutLeadingZeros(header.billing_document_number);
  const currency = header.currency_key;
  const decimals = currencyDecimals(currency);
  const money = (amount: string) => formatMoney(amount, currency, i18n.language);
  const isCredit = (parseMinorUnits(header.total_amount, decimals) ?? 0n) < 0n;
  const open = parseMinorUnits(header.open_amount, decimals) ?? 0n;
  // spec §4: Pay invoice only when payments are allowed, the document is not a credit and it is still open.
  const canPay =
    showsPayControls(profile) && !paymentsDisabled && !isCredit && header.document_status === '01' && open > 0n;
  const title = t(isCredit ? 'invoices.detail.credit_title' : 'invoices.detail.invoice_title', { number });
  // Issue 39: one active dispute per invoice; a resolved or withdrawn one leaves room for a new complaint.
  const activeDispute = detail.dispute?.status === 'open' || detail.dispute?.status === 'in_review';
  const disputable =
    Boolean(disputeAction) && primary && !isCredit && header.document_status === '01' && open > 0n && !activeDispute;
  const partner = (fn: 'WE' | 'RG') => detail.partner_data.find((p) => p.partner_function === fn);

  const searchFor = () =>
    primary
      ? {
          ...accountScope({ primary, secondaryAccount: accounts.secondaryAccount, soldTos: [] }),
          search_parameters: { filter: [{ filter_type: '01' as const, value: header.billing_document_number }] },
        }
      : null;

  const handleOpenPdf = () => {
    const request = searchFor();
    if (request) void openInvoicePdf(request).catch((error: unknown) => log.warn('PDF request failed', error));
  };

  const handlePay = async () => {
    const request = searchFor();
    if (!request) return;
    setPaying(true);
    try {
      const answer = await fetchInvoices({
        ...request,
        search_parameters: { ...request.search_parameters, status: '01', page_size: 5 },
      });
      const document = answer.document_list.find((row) => withoutLeadingZeros(row.billing_document_number) === number);
      if (!document) return;
      invoiceSelection.setCurrency(document.currency_key);
      invoiceSelection.clear();
      invoiceSelection.select([document]);
      void navigate(PAY_PATH);
    } catch (error) {
      log.warn('Could not start the payment', error);
    } finally {
      setPaying(false);
    }
  };

  const itemColumns = ['item_number', 'material', 'description', 'quantity', 'unit_price', 'item_total'] as const;

  return (
    <Stack gap="md">
      <PageTitle>{title}</PageTitle>
      {header.document_status === '01' && <ReopenedNotice reopened={detail.reopened} money={money} />}
      <CollectionsNotice collections={detail.collections} />
      <DisputeNotice dispute={detail.dispute} />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="sm">
          <Field label={t('invoices.detail.po_number')} value={detail.custom_fields.customer_purchase_order_nubmer} />
          <Field label={t('invoices.detail.document_date')} value={formatDate(header.document_date)} />
          <Field label={t('invoices.detail.due_date')} value={formatDate(header.due_date)} />
          <Field label={t('invoices.detail.open_amount')} value={money(header.open_amount)} />
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <PartnerBlock title={t('invoices.detail.customer')} partner={partner('WE')} companyCode={header.company_code} />
        <PartnerBlock
          title={t('invoices.detail.invoice_recipient')}
          partner={partner('RG')}
          companyCode={header.company_code}
        />
      </SimpleGrid>

      <Title order={2} size="h3">
        {t('invoices.detail.items')}
      </Title>
      {mobile ? (
        <ul className={classes.cards} aria-label={t('invoices.detail.items')}>
          {detail.item_data.map((item) => (
            <li key={item.item_number}>
              <Card withBorder padding="sm" data-testid="item-card">
                <Text fw={600}>{item.description}</Text>
                <dl className={classes.cardFields}>
                  <dt>{t('invoices.detail.item_number')}</dt>
                  <dd>{withoutLeadingZeros(item.item_number)}</dd>
                  <dt>{t('invoices.detail.material')}</dt>
                  <dd>{item.material_number}</dd>
                  <dt>{t('invoices.detail.quantity')}</dt>
                  <dd>{item.billed_quantity}</dd>
                  <dt>{t('invoices.detail.unit_price')}</dt>
                  <dd>{formatMoney(item.unit_price, item.currency_key, i18n.language)}</dd>
                  <dt>{t('invoices.detail.item_total')}</dt>
                  <dd>{formatMoney(item.total_amount, item.currency_key, i18n.language)}</dd>
                </dl>
              </Card>
            </li>
          ))}
        </ul>
      ) : (
        <TableScroll minWidth={640} label={t('invoices.detail.items')}>
          <Table striped verticalSpacing="xs">
            <VisuallyHidden component="caption">{t('invoices.detail.items')}</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                {itemColumns.map((column) => (
                  <Table.Th
                    key={column}
                    scope="col"
                    className={['quantity', 'unit_price', 'item_total'].includes(column) ? classes.number : undefined}
                  >
                    {t(`invoices.detail.${column}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {detail.item_data.map((item) => (
                <Table.Tr key={item.item_number}>
                  <Table.Td>{withoutLeadingZeros(item.item_number)}</Table.Td>
                  <Table.Td>{item.material_number}</Table.Td>
                  <Table.Td>{item.description}</Table.Td>
                  <Table.Td className={classes.number}>{item.billed_quantity}</Table.Td>
                  <Table.Td className={classes.number}>
                    {formatMoney(item.unit_price, item.currency_key, i18n.language)}
                  </Table.Td>
                  <Table.Td className={classes.number}>
                    {formatMoney(item.total_amount, item.currency_key, i18n.language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <Group justify="flex-end">
        <Text size="lg" fw={700} data-testid="detail-total">
          {t('invoices.detail.total')}: {money(header.total_amount)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <BackButton />
        <Group gap="sm">
          {header.pdf_document_available === 'X' && (
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
              onClick={handleOpenPdf}
            >
              {t('invoices.detail.open_pdf')}
            </Button>
          )}
          {disputable &&
            primary &&
            disputeAction?.({
              payer: { customer_number: primary.PrimaryAcct, company_code: primary.CompanyCode },
              billingDocumentNumber: header.billing_document_number,
              currency,
              openAmount: header.open_amount,
              lines: detail.item_data.map((item) => ({
                item_number: item.item_number,
                description: item.description,
                amount: item.total_amount,
              })),
            })}
          {canPay && (
            <Button
              leftSection={<IconCreditCard size={18} aria-hidden="true" />}
              loading={paying}
              onClick={() => void handlePay()}
            >
              {t('invoices.detail.pay')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value || '–'}</Text>
    </div>
  );
}
