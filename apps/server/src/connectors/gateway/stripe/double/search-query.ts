// Stripe's search query language, the part a portal uses to find its own payments again: equality clauses joined
// by AND, on metadata (`metadata['order_number']:'X'`, double quotes too), status, customer, currency and amount.
// Unlike Stripe, results are immediate (Stripe's search index lags writes by up to a minute).
import type Stripe from 'stripe';
import { invalidRequest } from './double-errors';
import type { Params } from './request-params';

type Clause = { field: string; metadataKey: string | null; value: string };

const CLAUSE =
  /^\s*(?:metadata\[(?:'([^']*)'|"([^"]*)")\]|(status|customer|currency|amount))\s*:\s*(?:'([^']*)'|"([^"]*)"|(\d+))\s*/;

export function parseSearchQuery(query: string): Clause[] {
  const clauses: Clause[] = [];
  let rest = query;
  for (;;) {
    const match = CLAUSE.exec(rest);
    if (!match) throw unparsable();
    const metadataKey = match[1] ?? match[2] ?? null;
    clauses.push({
      field: metadataKey === null ? (match[3] ?? '') : 'metadata',
      metadataKey,
      value: match[4] ?? match[5] ?? match[6] ?? '',
    });
    rest = rest.slice(match[0].length);
    if (rest === '') return clauses;
    const and = /^AND\s+/i.exec(rest);
    if (!and) throw unparsable();
    rest = rest.slice(and[0].length);
  }
}

function unparsable() {
  return invalidRequest(
    "We were unable to parse your search query. The Stripe double understands equality clauses joined by AND: metadata['key']:'value', status:'succeeded', customer:'cus_…', currency:'usd', amount:1000.",
    { param: 'query' },
  );
}

function matches(intent: Stripe.PaymentIntent, clause: Clause): boolean {
  if (clause.metadataKey !== null) return intent.metadata[clause.metadataKey] === clause.value;
  switch (clause.field) {
    case 'status':
      return intent.status === clause.value;
    case 'customer':
      return intent.customer === clause.value;
    case 'currency':
      return intent.currency === clause.value.toLowerCase();
    case 'amount':
      return String(intent.amount) === clause.value;
    default:
      return false;
  }
}

/** Newest first; `page` is the opaque next_page of the previous answer. */
export function searchPage(
  oldestFirst: Stripe.PaymentIntent[],
  params: Params,
  url: string,
): Stripe.ApiSearchResult<Stripe.PaymentIntent> {
  const clauses = parseSearchQuery(params.requiredString('query', { maxLength: 10_000 }));
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const page = params.string('page');
  const offset = page === undefined ? 0 : Number(Buffer.from(page, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0) throw invalidRequest('Invalid page.', { param: 'page' });
  const found = [...oldestFirst].reverse().filter((intent) => clauses.every((clause) => matches(intent, clause)));
  const data = found.slice(offset, offset + limit);
  const hasMore = found.length > offset + limit;
  return {
    object: 'search_result',
    data: structuredClone(data),
    has_more: hasMore,
    next_page: hasMore ? Buffer.from(String(offset + limit), 'utf8').toString('base64url') : null,
    total_count: found.length,
    url,
  };
}
