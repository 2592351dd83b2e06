// Issue 39: the placeholder values of a dispute's e-mails (dispute_opened to the AR team, dispute_message to the other
// side of the thread), built from the facts of the payload in the recipient's language: the dispute's reference, the
// invoice, the reason, the amount, what changed, and the message as typed (escaped, its line breaks kept).
import type { DisputeOutcome, EmailTemplateKey, InvoiceDisputeStatus } from '@portal/contracts';
import { formatMoney } from '@portal/domain';
import { toLocaleTag, translate, type Language } from '@portal/i18n';
import { displayInvoiceNumber } from './mail-table';
import { escapeHtml, type MailValues } from './render-email';

export const disputeMailTemplates: ReadonlySet<string> = new Set(['dispute_opened', 'dispute_message']);

/** What changed, as the dispute_message e-mail tells it. */
export type DisputeMailChange =
  | { kind: 'message' }
  | { kind: 'status'; status: InvoiceDisputeStatus; outcome: DisputeOutcome | null }
  | { kind: 'assignment'; assignee: string | null };

export type DisputeMailPayload = {
  firstName: string;
  lastName: string;
  dispute_id: string;
  /** D-123. */
  reference: string;
  /** "100001 Acme Corp": the account the dispute is of. */
  account: string;
  billing_document_number: string;
  document_number_finance: string;
  reason_code: string;
  /** The ERP's description of the reason code ('' for OTHER, or when it was not at hand). */
  reason_description: string;
  amount: string;
  currency_key: string;
  currency_decimals: number;
  /** Who wrote the entry or made the change. */
  author: string;
  /** The message or the change's comment, as typed ('' when none). */
  body: string;
  change: DisputeMailChange;
  dispute_url: string;
};

export function disputeMailValues(payload: Record<string, unknown>, language: Language): MailValues {
  const facts = payload as Partial<DisputeMailPayload>;
  const t = (key: string, values?: Record<string, string>) => translate(language, undefined, key, values);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const reasonCode = text(facts.reason_code);
  const author = text(facts.author);
  const body = text(facts.body);
  return {
    reference: text(facts.reference),
    account: text(facts.account),
    invoice: displayInvoiceNumber({
      billing_document_number: text(facts.billing_document_number),
      document_number_finance: text(facts.document_number_finance),
    }),
    reason:
      text(facts.reason_description) ||
      (reasonCode === 'OTHER' || reasonCode === '' ? t('mail.disputes.other_reason') : reasonCode),
    amount:
      typeof facts.amount === 'string' && typeof facts.currency_key === 'string'
        ? formatMoney(facts.amount, facts.currency_key, toLocaleTag(language), { decimals: facts.currency_decimals })
        : '',
    author,
    update: facts.change ? updateText(facts.change, author, t) : '',
    // Typed by a person: every character escaped, its line breaks kept as such.
    message: { html: escapeHtml(body).replace(/\r\n|\r|\n/g, '<br>') },
    disputeUrl: text(facts.dispute_url),
  };
}

function updateText(
  change: DisputeMailChange,
  author: string,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  switch (change.kind) {
    case 'status':
      if (change.status === 'withdrawn') return t('mail.disputes.update.withdrawn', { author });
      if (change.status === 'resolved')
        return t('mail.disputes.update.resolved', {
          author,
          outcome: t(`mail.disputes.outcome.${change.outcome ?? 'rejected'}`),
        });
      return t('mail.disputes.update.status', { author, status: t(`mail.disputes.status.${change.status}`) });
    case 'assignment':
      return change.assignee
        ? t('mail.disputes.update.assignment', { author, assignee: change.assignee })
        : t('mail.disputes.update.unassigned', { author });
    default:
      return t('mail.disputes.update.message', { author });
  }
}

/** The Email tab's preview: a dispute on sample data, a message for dispute_message. */
export function disputeMailSample(
  key: EmailTemplateKey,
  url: (path: string) => string,
): Omit<DisputeMailPayload, 'firstName' | 'lastName'> {
  const id = '00000000-0000-4000-8000-000000000123';
  return {
    dispute_id: id,
    reference: 'D-123',
    account: '1234 Analytical Engines Ltd',
    billing_document_number: '0090001234',
    document_number_finance: '1400001234',
    reason_code: 'DM',
    reason_description: 'Damaged goods',
    amount: '250.00',
    currency_key: 'USD',
    currency_decimals: 2,
    author: 'Ada Lovelace',
    body: 'Two of the ten gears arrived broken.\nPhotos are attached to the dispute.',
    change: key === 'dispute_message' ? { kind: 'status', status: 'in_review', outcome: null } : { kind: 'message' },
    dispute_url: url(`/disputes/${id}`),
  };
}
