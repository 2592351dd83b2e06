// The default e-mail templates: every type in all 8 languages, only known placeholders, the links each type
// needs, and the migration that seeds them generated from these files (run the script after editing one).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailTemplateKeys, emailTemplatePlaceholders } from '@portal/contracts';
import { languages } from '@portal/i18n';
import { emailTemplatesMigration, migrationFile } from '../../../scripts/email-templates-migration.mjs';
import { placeholdersIn } from './render-email';

const defaults = Object.fromEntries(
  languages.map((language) => [
    language,
    JSON.parse(readFileSync(new URL(`./default-templates/${language}.json`, import.meta.url), 'utf8')) as Record<
      string,
      { title: string; template: string }
    >,
  ]),
);

describe('default e-mail templates', () => {
  it('has every type in every language, with known placeholders only', () => {
    for (const language of languages) {
      expect(Object.keys(defaults[language]!).sort()).toEqual([...emailTemplateKeys].sort());
      for (const key of emailTemplateKeys) {
        const text = defaults[language]![key]!;
        const known = new Set<string>(emailTemplatePlaceholders[key]);
        const used = [...placeholdersIn(text.title), ...placeholdersIn(text.template)];
        expect({ language, key, unknown: used.filter((name) => !known.has(name)) }).toEqual({
          language,
          key,
          unknown: [],
        });
      }
    }
  });

  it('puts the link each type is about in every language', () => {
    const links = {
      confirmation: 'confirmUrl',
      invite: 'inviteUrl',
      reset_password: 'resetUrl',
      welcome: 'signInUrl',
      scheduled_payment: 'manageUrl',
      scheduled_payment_not_paid: 'manageUrl',
      autopay_enrolled: 'manageUrl',
      autopay_reminder: 'manageUrl',
      autopay_stopped: 'manageUrl',
      payment_refunded: 'manageUrl',
      payment_returned: 'manageUrl',
      reminder_upcoming: 'payUrl',
      reminder_due: 'payUrl',
      reminder_overdue: 'payUrl',
      reminder_final: 'payUrl',
    };
    for (const language of languages)
      for (const [key, link] of Object.entries(links))
        expect(placeholdersIn(defaults[language]![key]!.template)).toContain(link);
  });

  // Issues 29 and 37: a finance clerk's notification names every fact of its type, in each language's own words.
  it('uses every fact of the scheduling, refund and returned debit types, translated, and paidBy on receipts', () => {
    const greeting = new Set(['companyName', 'firstName', 'lastName']);
    const keys = [
      'scheduled_payment',
      'scheduled_payment_not_paid',
      'autopay_enrolled',
      'autopay_reminder',
      'autopay_stopped',
      'monthly_statement',
      'payment_refunded',
      'payment_returned',
      'reminder_upcoming',
      'reminder_due',
      'reminder_overdue',
      'reminder_final',
    ] as const;
    for (const language of languages) {
      for (const key of keys) {
        const text = defaults[language]![key]!;
        const used = new Set([...placeholdersIn(text.title), ...placeholdersIn(text.template)]);
        const missing = emailTemplatePlaceholders[key].filter((name) => !greeting.has(name) && !used.has(name));
        expect({ language, key, missing }).toEqual({ language, key, missing: [] });
        if (language !== 'en') expect(text.template, `${language} ${key}`).not.toBe(defaults.en![key]!.template);
      }
      // Alone in its paragraph, so that a payment a person made leaves no line behind (render-email.ts).
      expect(defaults[language]!.payment_receipt!.template).toContain('<p>{{paidBy}}</p>');
    }
  });

  it('are what the migration seeds (run apps/server/scripts/email-templates-migration.mjs after an edit)', () => {
    expect(readFileSync(migrationFile, 'utf8')).toBe(emailTemplatesMigration());
  });

  // Issue 37: a database migrated before the refund and the returned debit gets them from 0020, word for word.
  it('are what 0020 adds for the refund and the returned debit', () => {
    const templatesOf = (sql: string) =>
      sql
        .split('\n')
        .filter((line) =>
          /^INSERT INTO "portal"\."email_templates" .* VALUES \('payment_re(funded|turned)', /.test(line),
        );
    const migration = readFileSync(path.join(path.dirname(migrationFile), '0020_money_back.sql'), 'utf8');
    expect(templatesOf(emailTemplatesMigration())).toHaveLength(2 * languages.length);
    expect(templatesOf(migration)).toEqual(templatesOf(emailTemplatesMigration()));
    expect(migration).toContain(
      `INSERT INTO "portal"."email_types" ("key") VALUES ('payment_refunded'), ('payment_returned') ON CONFLICT DO NOTHING;`,
    );
  });

  // Issue 38: a database migrated before the reminders gets their four templates from 0021, word for word.
  it('are what 0021 adds for the reminders', () => {
    const templatesOf = (sql: string) =>
      sql
        .split('\n')
        .filter((line) =>
          /^INSERT INTO "portal"\."email_templates" .* VALUES \('reminder_(upcoming|due|overdue|final)', /.test(line),
        );
    const migration = readFileSync(path.join(path.dirname(migrationFile), '0021_collections.sql'), 'utf8');
    expect(templatesOf(emailTemplatesMigration())).toHaveLength(4 * languages.length);
    expect(templatesOf(migration)).toEqual(templatesOf(emailTemplatesMigration()));
    expect(migration).toContain(
      `INSERT INTO "portal"."email_types" ("key") VALUES ('reminder_upcoming'), ('reminder_due'), ('reminder_overdue'), ('reminder_final') ON CONFLICT DO NOTHING;`,
    );
  });
});
