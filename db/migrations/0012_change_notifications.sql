-- Change notifications (issue 17, ADR 0019): each instance keeps the sessions it checks and the settings it reads in
-- memory, and drops an entry when PostgreSQL says it changed. The triggers announce every change that decides what a
-- request may do, whoever makes it (any instance, the admin-recovery command, a hand-written UPDATE), on the channel
-- portal_changes, delivered to every listening instance when the transaction commits.
CREATE FUNCTION "portal"."notify_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'session:' || COALESCE(NEW.session_id, OLD.session_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE ON "portal"."sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.impersonated_user_id IS DISTINCT FROM NEW.impersonated_user_id
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION "portal"."notify_session_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "portal"."sessions" FOR EACH ROW
  EXECUTE FUNCTION "portal"."notify_session_change"();
--> statement-breakpoint
CREATE FUNCTION "portal"."notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'user:' || COALESCE(NEW.user_id, OLD.user_id)::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE ON "portal"."users" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.permissions IS DISTINCT FROM NEW.permissions
    OR OLD.user_role IS DISTINCT FROM NEW.user_role
    OR OLD.third_party_id IS DISTINCT FROM NEW.third_party_id
    OR OLD.access_version IS DISTINCT FROM NEW.access_version
    OR OLD.login IS DISTINCT FROM NEW.login
    OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.language IS DISTINCT FROM NEW.language)
  EXECUTE FUNCTION "portal"."notify_user_change"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted" AFTER DELETE ON "portal"."users" FOR EACH ROW
  EXECUTE FUNCTION "portal"."notify_user_change"();
--> statement-breakpoint
CREATE FUNCTION "portal"."notify_setting_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_changes', 'setting:' || COALESCE(NEW.key, OLD.key));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "app_settings_changed" AFTER INSERT OR UPDATE OR DELETE ON "portal"."app_settings" FOR EACH ROW
  EXECUTE FUNCTION "portal"."notify_setting_change"();
