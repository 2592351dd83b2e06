import { Anchor, Badge, Card, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  paymentDocumentKey,
  type InvoiceSearchResponse,
  type InvoiceTableColumn,
  type LedgerDocument,
} from '@portal/contracts';
import { documentKind } from '@portal/domain';
import type { TFunction } from 'i18next';
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '../../../config/constants';
import { formatDate } from '../../../lib/format-date';
import { selectionKey } from '../../../lib/invoice-selection';
import { TableScroll } from '../../../components/ui/table-scroll';
import { amountColumns } from '../utils/invoice-columns';
import { detailPath, documentNumber } from '../utils/document-links';
import { AddressBlock, DaysToPay, DueDate, Money, PdfButton, StatusText } from './invoice-cells';
import classes from './invoices.module.css';

export type InvoiceTableProps = {
  documents: LedgerDocument[];
  columns: InvoiceTableColumn[];
  caption: string;
  /** Show the select column (spec §6: only for users who may pay). */
  selectable: boolean;
  /** Payments disabled: the select column is shown greyed out. */
  selectionDisabled?: boolean;
  selectedKeys: ReadonlySet<string>;
  /** paymentDocumentKey() of documents held by a payment not yet settled: shown "in process", not selectable. */
  inProcessKeys?: ReadonlySet<string>;
  /** Issue 39: the documents with an open dispute, by paymentDocumentKey(): a "Disputed" badge by the number. */
  disputed?: ReadonlyMap<string, DisputedDocument>;
  onToggle?: (document: LedgerDocument, checked: boolean) => void;
  onTogglePage?: (checked: boolean) => void;
  onOpenPdf: (document: LedgerDocument) => void;
};

/** Open invoices and credits can be selected for payment; payments and cleared items cannot. */
export const isSelectable = (document: LedgerDocument): boolean =>
  document.document_status === '01' && documentKind(document) !== 'payment';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`;

/**
 * What every cell of a page needs: one object for all its rows, so that a row (memo) renders again only when its
 * own document or selection changes, or the language.
 */
type CellContext = {
  today: Date;
  t: TFunction;
  language: string;
  onOpenPdf: (document: LedgerDocument) => void;
};

function cellContent(
  column: InvoiceTableColumn,
  document: LedgerDocument,
  cells: CellContext,
  dispute?: DisputedDocument,
): ReactNode {
  const { today, t, language } = cells;
  const currency = document.currency_key;
  const number = documentNumber(document);
  switch (column) {
    case 'pdf':
      return <PdfButton document={document} number={number} onOpen={cells.onOpenPdf} t={t} />;
    case 'document_number': {
      const link = document.billing_document_number ? (
        <Anchor component={Link} to={detailPath(document.billing_document_number)} fz="inherit">
          {number}
        </Anchor>
      ) : (
        number
      );
      return dispute ? (
        <span className={classes.numberWithBadge}>
          {link}
          <DisputedBadge dispute={dispute} t={t} />
        </span>
      ) : (
        link
      );
    }
    case 'reference':
      return document.reference_number;
    case 'status':
      return <StatusText document={document} t={t} />;
    case 'document_date':
      return formatDate(document.document_date);
    case 'due_date':
      return <DueDate document={document} today={today} t={t} />;
    case 'days_to_pay':
      return <DaysToPay document={document} today={today} />;
    case 'amount':
      return <Money amount={document.open_amount} currency={currency} language={language} />;
    case 'paid_amount':
      return <Money amount={document.paid_amount} currency={currency} language={language} />;
    case 'reason':
      return document.reason?.description ?? '';
    case 'soldto_address':
      return <AddressBlock address={document.zzcustom.soldtoad} companyCode={document.company_code} />;
    case 'payer_address':
      return <AddressBlock address={document.zzcustom.payerad} companyCode={document.company_code} />;
    case 'total':
      return <Money amount={document.total_amount} currency={currency} language={language} />;
    // Card and unit price belong to payment rows and items: invoice rows carry neither.
    case 'card':
    case 'unit_price':
      return '';
  }
}

const noDocuments: LedgerDocument[] = [];

/**
 * Rows put in the page per step. Fifty cards or rows at once were one task of about 40 ms on a fast machine, four
 * times that on a phone (issue 17: TBT); ten at a time are steps of a few milliseconds, each its own task.
 */
const ROWS_PER_STEP = 10;

/** The first rows of `documents` now, ten more after each commit (in a transition), all of them in the end. */
function useRowsInSteps(documents: LedgerDocument[]): LedgerDocument[] {
  const [steps, setSteps] = useState({ documents, count: ROWS_PER_STEP });
  let current = steps;
  if (steps.documents !== documents) {
    // Another page or order: start again from its first rows (React renders again at once with this state).
    current = { documents, count: ROWS_PER_STEP };
    setSteps(current);
  }
  const complete = current.count >= documents.length;
  useEffect(() => {
    if (complete) return;
    startTransition(() =>
      setSteps((previous) =>
        previous.documents === documents ? { documents, count: previous.count + ROWS_PER_STEP } : previous,
      ),
    );
  }, [complete, current.count, documents]);
  return complete ? documents : documents.slice(0, current.count);
}

/** Today (its local midnight), the same Date all day: the rows stay memoised, and are told against a new day. */
function useToday(): Date {
  const now = new Date();
  const [year, month, date] = [now.getFullYear(), now.getMonth(), now.getDate()];
  return useMemo(() => new Date(year, month, date), [year, month, date]);
}

type ShownTableProps = InvoiceTableProps & { rows: LedgerDocument[]; cells: CellContext };

/**
 * Memoised: the page around it renders again for its totals, filters and downloads, which leave the rows as they are.
 * The rows render in React's background render, which yields to the browser every few milliseconds, and go into the
 * page ten at a time (useRowsInSteps): a page of 50 rows rendered and committed at once held a phone's main thread
 * for most of a second (issue 17: TBT). The page's checkbox and the selection count every row of the page.
 */
export const InvoiceTable = memo(function InvoiceTable(props: InvoiceTableProps) {
  const { t, i18n } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const documents = useDeferredValue(props.documents, noDocuments);
  const rows = useRowsInSteps(documents);
  const today = useToday();
  const { onOpenPdf } = props;
  const cells = useMemo(
    (): CellContext => ({ today, t, language: i18n.language, onOpenPdf }),
    [today, t, i18n.language, onOpenPdf],
  );
  const shown: ShownTableProps = { ...props, documents, rows, cells };
  return mobile ? <InvoiceCards {...shown} /> : <InvoiceGrid {...shown} />;
});

type DisputedDocument = NonNullable<InvoiceSearchResponse['documents_disputed']>[number];

/** Issue 39: "Disputed", its status and reference in its accessible name and tooltip. */
function DisputedBadge({ dispute, t }: { dispute: DisputedDocument; t: TFunction }) {
  const label = t('invoices.list.disputed_label', {
    reference: dispute.reference,
    status: t(`disputes.statuses.${dispute.status}`),
  });
  return (
    <Badge
      component="span"
      color="yellow"
      variant="light"
      tt="none"
      // The light variant's yellow text is below 4.5:1 on its tint (WCAG 1.4.3).
      c="#6d4300"
      miw="max-content"
      title={label}
      data-testid="disputed-badge"
      data-status={dispute.status}
    >
      <span aria-hidden="true">{t('invoices.list.disputed')}</span>
      <VisuallyHidden>{label}</VisuallyHidden>
    </Badge>
  );
}

/** Issue 5: a document held by an unsettled payment cannot be paid again until it settles. */
export const isInProcess = (document: LedgerDocument, inProcessKeys: ReadonlySet<string> | undefined): boolean =>
  inProcessKeys?.has(paymentDocumentKey(document)) ?? false;

function usePageSelection(props: InvoiceTableProps) {
  const selectableRows = props.documents.filter(
    (document) => isSelectable(document) && !isInProcess(document, props.inProcessKeys),
  );
  const selectedOnPage = selectableRows.filter((document) => props.selectedKeys.has(selectionKey(document))).length;
  return {
    all: selectableRows.length > 0 && selectedOnPage === selectableRows.length,
    some: selectedOnPage > 0 && selectedOnPage < selectableRows.length,
    none: selectableRows.length === 0,
  };
}

/** A row's selection: primitives and stable handlers, so that the row (memo) keeps still while others change. */
type RowSelection = {
  selectable: boolean;
  selected: boolean;
  inProcess: boolean;
  disabled: boolean;
  onToggle?: (document: LedgerDocument, checked: boolean) => void;
};

function rowSelection(props: ShownTableProps, document: LedgerDocument): RowSelection {
  return {
    selectable: props.selectable,
    selected: props.selectedKeys.has(selectionKey(document)),
    inProcess: isInProcess(document, props.inProcessKeys),
    disabled: Boolean(props.selectionDisabled),
    onToggle: props.onToggle,
  };
}

function RowCheckbox({ document, selection, t }: { document: LedgerDocument; selection: RowSelection; t: TFunction }) {
  if (!isSelectable(document)) return null;
  if (selection.inProcess) {
    return (
      <Badge
        color="yellow"
        variant="light"
        title={t('invoices.list.in_process_hint')}
        data-testid="in-process"
        // The table sizes this column to its content's minimum, which for a badge (overflow hidden) is nothing.
        miw="max-content"
        // The light variant's yellow text is below 4.5:1 on its tint (WCAG 1.4.3).
        c="#6d4300"
      >
        {t('invoices.list.in_process')}
      </Badge>
    );
  }
  return (
    <Checkbox
      aria-label={t('invoices.selection.select_invoice', { number: documentNumber(document) })}
      checked={selection.selected}
      disabled={selection.disabled}
      onChange={(event) => selection.onToggle?.(document, event.currentTarget.checked)}
    />
  );
}

function PageCheckbox({ props }: { props: InvoiceTableProps }) {
  const { t } = useTranslation();
  const page = usePageSelection(props);
  return (
    <Checkbox
      aria-label={t('invoices.selection.select_page')}
      checked={page.all}
      indeterminate={page.some}
      disabled={props.selectionDisabled || page.none}
      onChange={(event) => props.onTogglePage?.(event.currentTarget.checked)}
    />
  );
}

type RowProps = RowSelection & {
  document: LedgerDocument;
  columns: InvoiceTableColumn[];
  cells: CellContext;
  dispute?: DisputedDocument;
};

/**
 * One row, memoised: the rows go into the page ten at a time (useRowsInSteps), and each step renders only its own
 * ten instead of every row so far again.
 */
const GridRow = memo(function GridRow({ document, columns, cells, dispute, ...selection }: RowProps) {
  return (
    <Table.Tr data-selected={selection.selected}>
      {selection.selectable && (
        <Table.Td>
          <RowCheckbox document={document} selection={selection} t={cells.t} />
        </Table.Td>
      )}
      {columns.map((column) => (
        <Table.Td key={column} className={amountColumns.has(column) ? classes.number : undefined}>
          {cellContent(column, document, cells, dispute)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
});

function InvoiceGrid(props: ShownTableProps) {
  const { t } = props.cells;
  return (
    // A region that may scroll sideways is reachable by keyboard, even while it holds no link or checkbox yet
    // (the rows render just after it) or at all (WCAG 2.1.1; axe's scrollable-region-focusable).
    <TableScroll minWidth={960} label={props.caption}>
      <Table className={classes.table} striped highlightOnHover verticalSpacing="xs" fz="sm">
        <VisuallyHidden component="caption">{props.caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            {props.selectable && (
              <Table.Th scope="col">
                <PageCheckbox props={props} />
              </Table.Th>
            )}
            {props.columns.map((column) => (
              <Table.Th key={column} scope="col" className={amountColumns.has(column) ? classes.number : undefined}>
                {t(`invoices.columns.${column}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((document) => (
            <GridRow
              key={selectionKey(document)}
              document={document}
              columns={props.columns}
              cells={props.cells}
              dispute={props.disputed?.get(paymentDocumentKey(document))}
              {...rowSelection(props, document)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** One card, memoised like a row of the grid. */
const CardRow = memo(function CardRow({ document, columns, cells, dispute, ...selection }: RowProps) {
  const { t } = cells;
  const fields = columns.filter((column) => column !== 'pdf' && column !== 'document_number');
  return (
    <li>
      <Card withBorder padding="sm" data-testid="invoice-card">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            {selection.selectable && <RowCheckbox document={document} selection={selection} t={t} />}
            <Text fw={700} component="span">
              {cellContent('document_number', document, cells, dispute)}
            </Text>
          </Group>
          {columns.includes('pdf') && cellContent('pdf', document, cells)}
        </Group>
        <dl className={classes.cardFields}>
          {fields.map((column) => (
            <div key={column} style={{ display: 'contents' }}>
              <dt>{t(`invoices.columns.${column}`)}</dt>
              <dd>{cellContent(column, document, cells)}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </li>
  );
});

/** ≤ 600 px: one card per document with the same columns as label/value pairs. */
function InvoiceCards(props: ShownTableProps) {
  const { t } = props.cells;
  return (
    <>
      {props.selectable && (
        <Group gap="xs" mb="xs">
          <PageCheckbox props={props} />
          <Text size="sm">{t('invoices.selection.select_page')}</Text>
        </Group>
      )}
      <ul className={classes.cards} aria-label={props.caption}>
        {props.rows.map((document) => (
          <CardRow
            key={selectionKey(document)}
            document={document}
            columns={props.columns}
            cells={props.cells}
            dispute={props.disputed?.get(paymentDocumentKey(document))}
            {...rowSelection(props, document)}
          />
        ))}
      </ul>
    </>
  );
}
