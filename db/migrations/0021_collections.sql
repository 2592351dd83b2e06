-- Issue 38: collections (ADR 0033). Reminder schedules per company code; the reminders sent, once per invoice and
-- step; promises to pay; the worklist's accounts (what the collections job last read of the ERP's open items, and what
-- collectors set: collector, pause, last contact); notes and calls; the figures kept daily (DSO, past-due share); the
-- profile's reminder switch; the new permission CanManageCollections for administrators created before it.
ALTER TABLE "portal"."users" ADD COLUMN IF NOT EXISTS "payment_reminders" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "portal"."reminder_schedules" (
	"company_code" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"steps" jsonb NOT NULL,
	"repeat_every_days" integer,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "portal"."reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payer_number" text NOT NULL,
	"company_code" text NOT NULL,
	"days_from_due" integer NOT NULL,
	"template" text NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"documents" jsonb NOT NULL,
	"recipients" jsonb NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reminders_account_idx" ON "portal"."reminders" USING btree ("payer_number","company_code","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "portal"."reminder_items" (
	"document_key" text NOT NULL,
	"days_from_due" integer NOT NULL,
	"reminder_id" uuid NOT NULL REFERENCES "portal"."reminders"("id") ON DELETE CASCADE,
	CONSTRAINT "reminder_items_pk" PRIMARY KEY("document_key","days_from_due")
);
--> statement-breakpoint
CREATE INDEX "reminder_items_reminder_idx" ON "portal"."reminder_items" USING btree ("reminder_id");
--> statement-breakpoint
CREATE TABLE "portal"."payment_promises" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "portal"."users"("user_id") ON DELETE CASCADE,
	"acting_user_id" integer,
	"payer_number" text NOT NULL,
	"company_code" text NOT NULL,
	"promised_date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_key" text NOT NULL,
	"currency_decimals" integer NOT NULL,
	"documents" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "payment_promises_account_idx" ON "portal"."payment_promises" USING btree ("payer_number","company_code","status");
--> statement-breakpoint
CREATE INDEX "payment_promises_open_idx" ON "portal"."payment_promises" USING btree ("promised_date") WHERE "status" = 'open';
--> statement-breakpoint
CREATE TABLE "portal"."collection_accounts" (
	"payer_number" text NOT NULL,
	"company_code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"past_due" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rank_bucket" smallint DEFAULT 0 NOT NULL,
	"rank_amount" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"next_step_date" date,
	"next_step_days" integer,
	"autopay" boolean DEFAULT false NOT NULL,
	"open_disputes" integer DEFAULT 0 NOT NULL,
	"promise_status" text DEFAULT 'none' NOT NULL,
	"collector_user_id" integer REFERENCES "portal"."users"("user_id") ON DELETE SET NULL,
	"paused_until" date,
	"last_contact_at" timestamp with time zone,
	CONSTRAINT "collection_accounts_pk" PRIMARY KEY("payer_number","company_code")
);
--> statement-breakpoint
CREATE INDEX "collection_accounts_rank_idx" ON "portal"."collection_accounts" USING btree ("rank_bucket","rank_amount","payer_number","company_code") WHERE "rank_bucket" > 0;
--> statement-breakpoint
CREATE INDEX "collection_accounts_company_rank_idx" ON "portal"."collection_accounts" USING btree ("company_code","rank_bucket","rank_amount","payer_number") WHERE "rank_bucket" > 0;
--> statement-breakpoint
CREATE INDEX "collection_accounts_collector_rank_idx" ON "portal"."collection_accounts" USING btree ("collector_user_id","rank_bucket","rank_amount","payer_number","company_code") WHERE "rank_bucket" > 0;
--> statement-breakpoint
CREATE TABLE "portal"."collection_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payer_number" text NOT NULL,
	"company_code" text NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"paused_until" date,
	"collector_user_id" integer,
	"author_user_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "collection_notes_account_idx" ON "portal"."collection_notes" USING btree ("payer_number","company_code","created_at" DESC);
--> statement-breakpoint
CREATE TABLE "portal"."collection_figures" (
	"day" date NOT NULL,
	"company_code" text NOT NULL,
	"currency_key" text NOT NULL,
	"currency_decimals" integer NOT NULL,
	"open_minor" bigint NOT NULL,
	"past_due_minor" bigint NOT NULL,
	"dso_tenths" integer,
	CONSTRAINT "collection_figures_pk" PRIMARY KEY("company_code","currency_key","day")
);
--> statement-breakpoint
CREATE TABLE "portal"."collection_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_open_items_idx" ON "ledger"."documents" USING btree ("payer_number","id") WHERE "document_status" = '01' AND NOT "item_is_a_payment";
--> statement-breakpoint
UPDATE "portal"."users" SET "permissions" = array_append("permissions", 'CanManageCollections')
WHERE "user_role" = 'admin' AND NOT ('CanManageCollections' = ANY ("permissions"));
--> statement-breakpoint
-- Issue 38 e-mail templates for databases migrated before them (0009 seeds them in a new database): the four reminder
-- steps' templates, in the 8 languages (a template an administrator already saved is kept).
INSERT INTO "portal"."email_types" ("key") VALUES ('reminder_upcoming'), ('reminder_due'), ('reminder_overdue'), ('reminder_final') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_upcoming', 'de', 'Bald fällige Rechnungen für Konto {{account}}', '<p>Hallo {{firstName}},</p><p>Wir möchten Sie freundlich daran erinnern, dass die folgenden Rechnungen für das Konto <strong>{{account}}</strong> in den nächsten Tagen fällig werden:</p>{{invoicesTable}}<p>Fälliger Gesamtbetrag: <strong>{{totalDue}}</strong></p><p>Falls Sie die Zahlung bereits veranlasst haben, bedanken wir uns und bitten Sie, diese Nachricht als gegenstandslos zu betrachten.</p><p><a href="{{payUrl}}">Diese Rechnungen bezahlen</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_due', 'de', 'Heute fällige Rechnungen für Konto {{account}}', '<p>Hallo {{firstName}},</p><p>Die folgenden Rechnungen für das Konto <strong>{{account}}</strong> sind heute fällig:</p>{{invoicesTable}}<p>Fälliger Gesamtbetrag: <strong>{{totalDue}}</strong></p><p>Sie können sie bequem online im Portal bezahlen. Falls Sie bereits bezahlt haben, bedanken wir uns und bitten Sie, diese Nachricht als gegenstandslos zu betrachten.</p><p><a href="{{payUrl}}">Diese Rechnungen bezahlen</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_overdue', 'de', 'Zahlungserinnerung: überfällige Rechnungen für Konto {{account}}', '<p>Hallo {{firstName}},</p><p>Nach unseren Unterlagen sind die folgenden Rechnungen für das Konto <strong>{{account}}</strong> überfällig und noch nicht bezahlt:</p>{{invoicesTable}}<p>Überfälliger Gesamtbetrag: <strong>{{totalDue}}</strong></p><p>Bitte begleichen Sie diesen Betrag so bald wie möglich. Sollte sich Ihre Zahlung mit dieser Nachricht überschnitten haben, betrachten Sie diese bitte als gegenstandslos. Bei Fragen zu diesen Rechnungen wenden Sie sich gerne an uns.</p><p><a href="{{payUrl}}">Jetzt bezahlen</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_final', 'de', 'Letzte Zahlungserinnerung: überfällige Rechnungen für Konto {{account}}', '<p>Hallo {{firstName}},</p><p>Die folgenden Rechnungen für das Konto <strong>{{account}}</strong> sind weiterhin unbezahlt:</p>{{invoicesTable}}<p>Überfälliger Gesamtbetrag: <strong>{{totalDue}}</strong></p><p>Dies ist unsere letzte Zahlungserinnerung. Bitte begleichen Sie den gesamten Betrag umgehend. Sollten wir keine Zahlung erhalten, sehen wir uns gezwungen, weitere Schritte einzuleiten.</p><p>Falls Sie bereits bezahlt haben oder den Betrag derzeit nicht begleichen können, setzen Sie sich bitte umgehend mit uns in Verbindung, damit wir gemeinsam eine Lösung finden.</p><p><a href="{{payUrl}}">Jetzt bezahlen</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_upcoming', 'en', 'Invoices due soon for account {{account}}', '<p>Hello {{firstName}},</p><p>This is a friendly reminder that the following invoices for account <strong>{{account}}</strong> fall due in the next few days:</p>{{invoicesTable}}<p>Total due: <strong>{{totalDue}}</strong></p><p>If you have already arranged payment, thank you, and please disregard this message.</p><p><a href="{{payUrl}}">Pay these invoices</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_due', 'en', 'Invoices due today for account {{account}}', '<p>Hello {{firstName}},</p><p>The following invoices for account <strong>{{account}}</strong> are due today:</p>{{invoicesTable}}<p>Total due: <strong>{{totalDue}}</strong></p><p>You can pay them online in the portal. If you have already paid, thank you, and please disregard this message.</p><p><a href="{{payUrl}}">Pay these invoices</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_overdue', 'en', 'Past due invoices for account {{account}}', '<p>Hello {{firstName}},</p><p>According to our records, the following invoices for account <strong>{{account}}</strong> are past due and have not been paid yet:</p>{{invoicesTable}}<p>Total past due: <strong>{{totalDue}}</strong></p><p>Please pay this amount as soon as possible. If you have already sent your payment, thank you, and please disregard this message. If you have a question about these invoices, please contact us.</p><p><a href="{{payUrl}}">Pay now</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_final', 'en', 'Final reminder: past due invoices for account {{account}}', '<p>Hello {{firstName}},</p><p>The following invoices for account <strong>{{account}}</strong> are still unpaid:</p>{{invoicesTable}}<p>Total past due: <strong>{{totalDue}}</strong></p><p>This is our final reminder. Please pay the full amount without further delay. If we do not receive your payment, we will have to take further steps.</p><p>If you have already paid, or if you cannot pay this amount at the moment, please contact us promptly so that we can find a solution together.</p><p><a href="{{payUrl}}">Pay now</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_upcoming', 'es', 'Facturas próximas a vencer de la cuenta {{account}}', '<p>Hola, {{firstName}}:</p><p>Le recordamos que las siguientes facturas de la cuenta <strong>{{account}}</strong> vencen en los próximos días:</p>{{invoicesTable}}<p>Total a pagar: <strong>{{totalDue}}</strong></p><p>Si ya ha gestionado el pago, le damos las gracias y le rogamos que no tenga en cuenta este mensaje.</p><p><a href="{{payUrl}}">Pagar estas facturas</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_due', 'es', 'Facturas que vencen hoy de la cuenta {{account}}', '<p>Hola, {{firstName}}:</p><p>Las siguientes facturas de la cuenta <strong>{{account}}</strong> vencen hoy:</p>{{invoicesTable}}<p>Total a pagar: <strong>{{totalDue}}</strong></p><p>Puede pagarlas en línea en el portal. Si ya realizó el pago, le damos las gracias y le rogamos que no tenga en cuenta este mensaje.</p><p><a href="{{payUrl}}">Pagar estas facturas</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_overdue', 'es', 'Facturas vencidas de la cuenta {{account}}', '<p>Hola, {{firstName}}:</p><p>Según nuestros registros, las siguientes facturas de la cuenta <strong>{{account}}</strong> están vencidas y aún no se han pagado:</p>{{invoicesTable}}<p>Total vencido: <strong>{{totalDue}}</strong></p><p>Le rogamos que realice el pago lo antes posible. Si ya lo ha realizado, le damos las gracias y le rogamos que no tenga en cuenta este mensaje. Si tiene alguna pregunta sobre estas facturas, no dude en ponerse en contacto con nosotros.</p><p><a href="{{payUrl}}">Pagar ahora</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_final', 'es', 'Último recordatorio: facturas vencidas de la cuenta {{account}}', '<p>Hola, {{firstName}}:</p><p>Las siguientes facturas de la cuenta <strong>{{account}}</strong> siguen pendientes de pago:</p>{{invoicesTable}}<p>Total vencido: <strong>{{totalDue}}</strong></p><p>Este es nuestro último recordatorio. Le pedimos que pague el importe total sin más demora. Si no recibimos el pago, nos veremos obligados a tomar otras medidas.</p><p>Si ya ha pagado, o si en este momento no puede pagar este importe, póngase en contacto con nosotros cuanto antes para que podamos encontrar juntos una solución.</p><p><a href="{{payUrl}}">Pagar ahora</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_upcoming', 'fr', 'Factures bientôt à échéance pour le compte {{account}}', '<p>Bonjour {{firstName}},</p><p>Nous vous rappelons que les factures suivantes du compte <strong>{{account}}</strong> arrivent à échéance dans les prochains jours :</p>{{invoicesTable}}<p>Montant total dû : <strong>{{totalDue}}</strong></p><p>Si vous avez déjà prévu leur règlement, nous vous en remercions et vous prions de ne pas tenir compte de ce message.</p><p><a href="{{payUrl}}">Payer ces factures</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_due', 'fr', 'Factures à échéance aujourd’hui pour le compte {{account}}', '<p>Bonjour {{firstName}},</p><p>Les factures suivantes du compte <strong>{{account}}</strong> arrivent à échéance aujourd’hui :</p>{{invoicesTable}}<p>Montant total dû : <strong>{{totalDue}}</strong></p><p>Vous pouvez les régler en ligne dans le portail. Si vous avez déjà effectué le paiement, nous vous en remercions et vous prions de ne pas tenir compte de ce message.</p><p><a href="{{payUrl}}">Payer ces factures</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_overdue', 'fr', 'Factures échues pour le compte {{account}}', '<p>Bonjour {{firstName}},</p><p>Sauf erreur de notre part, les factures suivantes du compte <strong>{{account}}</strong> sont échues et n’ont pas encore été réglées :</p>{{invoicesTable}}<p>Montant total échu : <strong>{{totalDue}}</strong></p><p>Nous vous remercions de bien vouloir procéder à leur règlement dans les meilleurs délais. Si votre paiement est déjà en cours, merci de ne pas tenir compte de ce message. Pour toute question concernant ces factures, n’hésitez pas à nous contacter.</p><p><a href="{{payUrl}}">Payer maintenant</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_final', 'fr', 'Dernier rappel : factures échues du compte {{account}}', '<p>Bonjour {{firstName}},</p><p>Les factures suivantes du compte <strong>{{account}}</strong> restent impayées à ce jour :</p>{{invoicesTable}}<p>Montant total échu : <strong>{{totalDue}}</strong></p><p>Ceci est notre dernier rappel. Nous vous demandons de régler l’intégralité de ce montant sans plus attendre. À défaut de paiement, nous serons contraints d’engager d’autres démarches.</p><p>Si vous avez déjà payé, ou si vous ne pouvez pas régler ce montant pour le moment, merci de nous contacter rapidement afin que nous trouvions ensemble une solution.</p><p><a href="{{payUrl}}">Payer maintenant</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_upcoming', 'it', 'Fatture in scadenza per il conto {{account}}', '<p>Gentile {{firstName}},</p><p>Le ricordiamo che le seguenti fatture del conto <strong>{{account}}</strong> scadranno nei prossimi giorni:</p>{{invoicesTable}}<p>Totale da pagare: <strong>{{totalDue}}</strong></p><p>Se ha già disposto il pagamento, la ringraziamo e la preghiamo di non tenere conto di questo messaggio.</p><p><a href="{{payUrl}}">Paga queste fatture</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_due', 'it', 'Fatture in scadenza oggi per il conto {{account}}', '<p>Gentile {{firstName}},</p><p>Le seguenti fatture del conto <strong>{{account}}</strong> scadono oggi:</p>{{invoicesTable}}<p>Totale da pagare: <strong>{{totalDue}}</strong></p><p>Può pagarle online nel portale. Se ha già effettuato il pagamento, la ringraziamo e la preghiamo di non tenere conto di questo messaggio.</p><p><a href="{{payUrl}}">Paga queste fatture</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_overdue', 'it', 'Fatture scadute per il conto {{account}}', '<p>Gentile {{firstName}},</p><p>Dai nostri registri risulta che le seguenti fatture del conto <strong>{{account}}</strong> sono scadute e non ancora pagate:</p>{{invoicesTable}}<p>Totale scaduto: <strong>{{totalDue}}</strong></p><p>La preghiamo di provvedere al pagamento il prima possibile. Se ha già effettuato il pagamento, la ringraziamo e la preghiamo di non tenere conto di questo messaggio. Per qualsiasi domanda su queste fatture, non esiti a contattarci.</p><p><a href="{{payUrl}}">Paga ora</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_final', 'it', 'Ultimo sollecito: fatture scadute per il conto {{account}}', '<p>Gentile {{firstName}},</p><p>Le seguenti fatture del conto <strong>{{account}}</strong> risultano ancora non pagate:</p>{{invoicesTable}}<p>Totale scaduto: <strong>{{totalDue}}</strong></p><p>Questo è il nostro ultimo sollecito. La preghiamo di saldare l’intero importo senza ulteriore ritardo. In mancanza del pagamento, saremo costretti a intraprendere ulteriori passi.</p><p>Se ha già pagato, o se al momento non è in grado di saldare questo importo, la preghiamo di contattarci al più presto per trovare insieme una soluzione.</p><p><a href="{{payUrl}}">Paga ora</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_upcoming', 'ja', '取引先 {{account}} の請求書のお支払期日が近づいています', '<p>{{lastName}} 様</p><p>取引先 <strong>{{account}}</strong> の次の請求書は、数日後にお支払期日を迎えますので、お知らせいたします。</p>{{invoicesTable}}<p>ご請求金額の合計: <strong>{{totalDue}}</strong></p><p>すでにお支払いのお手続きがお済みの場合は、本メールはご放念ください。</p><p><a href="{{payUrl}}">請求書を支払う</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_due', 'ja', '取引先 {{account}} の請求書は本日がお支払期日です', '<p>{{lastName}} 様</p><p>取引先 <strong>{{account}}</strong> の次の請求書は、本日がお支払期日となっております。</p>{{invoicesTable}}<p>ご請求金額の合計: <strong>{{totalDue}}</strong></p><p>ポータルからオンラインでお支払いいただけます。すでにお支払いがお済みの場合は、本メールはご放念ください。</p><p><a href="{{payUrl}}">請求書を支払う</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_overdue', 'ja', 'お支払期日を過ぎた請求書のお知らせ（取引先 {{account}}）', '<p>{{lastName}} 様</p><p>取引先 <strong>{{account}}</strong> の次の請求書について、お支払期日を過ぎておりますが、現時点でご入金を確認できておりません。</p>{{invoicesTable}}<p>期日を過ぎた金額の合計: <strong>{{totalDue}}</strong></p><p>お手数ですが、できるだけ早くお支払いくださいますようお願い申し上げます。本メールと行き違いでお支払いいただいている場合は、何卒ご容赦ください。これらの請求書についてご不明な点がございましたら、当社までお問い合わせください。</p><p><a href="{{payUrl}}">今すぐ支払う</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_final', 'ja', '【最終のご案内】お支払期日を過ぎた請求書（取引先 {{account}}）', '<p>{{lastName}} 様</p><p>取引先 <strong>{{account}}</strong> の次の請求書につきまして、現在もご入金を確認できておりません。</p>{{invoicesTable}}<p>期日を過ぎた金額の合計: <strong>{{totalDue}}</strong></p><p>本メールは最終のご案内となります。直ちに全額をお支払いくださいますようお願い申し上げます。ご入金を確認できない場合は、やむを得ず次の対応に移らせていただきます。</p><p>すでにお支払いいただいている場合や、現時点でのお支払いが難しい場合は、解決に向けてご相談させていただきたく、至急当社までご連絡ください。</p><p><a href="{{payUrl}}">今すぐ支払う</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_upcoming', 'pt', 'Faturas a vencer em breve da conta {{account}}', '<p>Olá, {{firstName}},</p><p>Este é um lembrete de que as faturas a seguir da conta <strong>{{account}}</strong> vencem nos próximos dias:</p>{{invoicesTable}}<p>Total a pagar: <strong>{{totalDue}}</strong></p><p>Se você já providenciou o pagamento, agradecemos e pedimos que desconsidere esta mensagem.</p><p><a href="{{payUrl}}">Pagar estas faturas</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_due', 'pt', 'Faturas que vencem hoje da conta {{account}}', '<p>Olá, {{firstName}},</p><p>As faturas a seguir da conta <strong>{{account}}</strong> vencem hoje:</p>{{invoicesTable}}<p>Total a pagar: <strong>{{totalDue}}</strong></p><p>Você pode pagá-las on-line no portal. Se já efetuou o pagamento, agradecemos e pedimos que desconsidere esta mensagem.</p><p><a href="{{payUrl}}">Pagar estas faturas</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_overdue', 'pt', 'Faturas vencidas da conta {{account}}', '<p>Olá, {{firstName}},</p><p>De acordo com nossos registros, as faturas a seguir da conta <strong>{{account}}</strong> estão vencidas e ainda não foram pagas:</p>{{invoicesTable}}<p>Total vencido: <strong>{{totalDue}}</strong></p><p>Pedimos que efetue o pagamento o quanto antes. Se você já fez o pagamento, agradecemos e pedimos que desconsidere esta mensagem. Em caso de dúvidas sobre essas faturas, entre em contato conosco.</p><p><a href="{{payUrl}}">Pagar agora</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_final', 'pt', 'Último lembrete: faturas vencidas da conta {{account}}', '<p>Olá, {{firstName}},</p><p>As faturas a seguir da conta <strong>{{account}}</strong> continuam em aberto:</p>{{invoicesTable}}<p>Total vencido: <strong>{{totalDue}}</strong></p><p>Este é o nosso último lembrete. Pedimos que pague o valor total sem mais demora. Caso não recebamos o pagamento, seremos obrigados a tomar outras providências.</p><p>Se você já pagou, ou se não puder pagar esse valor no momento, entre em contato conosco o quanto antes para que possamos encontrar uma solução juntos.</p><p><a href="{{payUrl}}">Pagar agora</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_upcoming', 'ru', 'Приближается срок оплаты счетов по счёту клиента {{account}}', '<p>Здравствуйте, {{firstName}}!</p><p>Напоминаем, что через несколько дней наступает срок оплаты следующих счетов по счёту клиента <strong>{{account}}</strong>:</p>{{invoicesTable}}<p>Итого к оплате: <strong>{{totalDue}}</strong></p><p>Если вы уже запланировали оплату, благодарим вас и просим не обращать внимания на это письмо.</p><p><a href="{{payUrl}}">Оплатить эти счета</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_due', 'ru', 'Сегодня срок оплаты счетов по счёту клиента {{account}}', '<p>Здравствуйте, {{firstName}}!</p><p>Сегодня наступает срок оплаты следующих счетов по счёту клиента <strong>{{account}}</strong>:</p>{{invoicesTable}}<p>Итого к оплате: <strong>{{totalDue}}</strong></p><p>Вы можете оплатить их онлайн на портале. Если вы уже произвели оплату, благодарим вас и просим не обращать внимания на это письмо.</p><p><a href="{{payUrl}}">Оплатить эти счета</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_overdue', 'ru', 'Просроченные счета по счёту клиента {{account}}', '<p>Здравствуйте, {{firstName}}!</p><p>По нашим данным, срок оплаты следующих счетов по счёту клиента <strong>{{account}}</strong> истёк, а оплата ещё не поступила:</p>{{invoicesTable}}<p>Общая просроченная сумма: <strong>{{totalDue}}</strong></p><p>Просим вас оплатить эту сумму в ближайшее время. Если вы уже отправили платёж, благодарим вас и просим не обращать внимания на это письмо. Если у вас есть вопросы по этим счетам, пожалуйста, свяжитесь с нами.</p><p><a href="{{payUrl}}">Оплатить сейчас</a></p>') ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "portal"."email_templates" ("key", "language", "title", "template") VALUES ('reminder_final', 'ru', 'Последнее напоминание: просроченные счета по счёту клиента {{account}}', '<p>Здравствуйте, {{firstName}}!</p><p>Следующие счета по счёту клиента <strong>{{account}}</strong> по-прежнему не оплачены:</p>{{invoicesTable}}<p>Общая просроченная сумма: <strong>{{totalDue}}</strong></p><p>Это наше последнее напоминание. Просим вас незамедлительно оплатить всю сумму. Если оплата не поступит, мы будем вынуждены предпринять дальнейшие шаги.</p><p>Если вы уже произвели оплату или не можете оплатить эту сумму сейчас, пожалуйста, как можно скорее свяжитесь с нами, чтобы мы вместе нашли решение.</p><p><a href="{{payUrl}}">Оплатить сейчас</a></p>') ON CONFLICT DO NOTHING;
