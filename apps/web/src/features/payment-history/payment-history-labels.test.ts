// Issue 37: every money-back status and event a payer's history shows has a label in every language.
import { moneyBackStatuses, reversalKinds } from '@portal/contracts';
import { languages, loadMessages } from '@portal/i18n';
import { describe, expect, it } from 'vitest';

type Labels = { money_back: Record<'statuses' | 'kinds', Record<string, string>> };

describe('payment history labels', () => {
  it.each(languages)('names every money-back status and event in %s', (language) => {
    const labels = (loadMessages(language) as { 'payment-history': Labels })['payment-history'].money_back;
    expect(moneyBackStatuses.filter((status) => !labels.statuses[status])).toEqual([]);
    expect(reversalKinds.filter((kind) => !labels.kinds[kind])).toEqual([]);
  });
});
