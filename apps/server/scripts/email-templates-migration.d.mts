// Types for scripts/email-templates-migration.mjs, imported by src/modules/mail/default-templates.test.ts.
export declare const migrationFile: string;
export declare function emailTemplatesMigration(): string;
