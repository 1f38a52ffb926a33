-- Every node keeps live sessions in memory (auth/session-cache.ts) and drops them when told on this channel.
-- Announced by the database itself, at commit, so no path can forget to: the app, the admin CLI, hand-written SQL.
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('savepoint_sessions', 't:' || OLD.token_hash);
  ELSE
    PERFORM pg_notify('savepoint_sessions', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
--> statement-breakpoint
CREATE TRIGGER users_announce AFTER UPDATE OF role, username, email, suspended_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_session_change();
