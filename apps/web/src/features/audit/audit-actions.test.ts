// Every action of the audit trail has a label in every language (the trail's column and its filter show them).
import { auditActions } from '@portal/contracts';
import { languages, loadMessages } from '@portal/i18n';
import { describe, expect, it } from 'vitest';

describe('audit action labels', () => {
  it.each(languages)('names every action in %s', (language) => {
    const actions = (loadMessages(language) as { audit: { actions: Record<string, string> } }).audit.actions;
    expect(auditActions.filter((action) => !actions[action])).toEqual([]);
  });
});
