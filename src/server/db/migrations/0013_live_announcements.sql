-- What open pages follow live (ADR 045), announced on 'savepoint_feed' at commit by whoever makes the change, one
-- row at a time (the feed cache ignores these payloads; services/live/live-updates.service.ts reads them):
-- 'n:<post>:<author>:<game or empty>': a post was made; 'c:<post>:<comment>:<author>': a comment was added;
-- 'd:<post>:<comment>:<author>': a comment was deleted; 'r:<a>:<b>': a follow or friendship between a and b changed
-- their counts (a follow, or a friendship accepted or ended); 'q:<a>:<b>': only a pending request changed, which only
-- the two may learn (no counts are sent for it).
-- Counts need nothing new: a like or comment already announces its post ('p:<post>', migration 0012).
CREATE FUNCTION announce_new_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('savepoint_feed', 'n:' || NEW.id || ':' || NEW.user_id || ':' || coalesce(NEW.game_id::text, ''));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION announce_comment_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('savepoint_feed', 'd:' || OLD.media_id || ':' || OLD.id || ':' || OLD.user_id);
  ELSE
    PERFORM pg_notify('savepoint_feed', 'c:' || NEW.media_id || ':' || NEW.id || ':' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The trigger's two arguments name the row's two people (follows: follower and followee; friendships: both sides).
-- A row with a `status` (friendships) changes counts only when an accepted friendship begins or ends.
CREATE FUNCTION announce_relationship_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  before_status text := CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE to_jsonb(OLD) ->> 'status' END;
  after_status text := CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE to_jsonb(NEW) ->> 'status' END;
  counts boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  counts := (before_status IS NULL AND after_status IS NULL) OR before_status = 'accepted' OR after_status = 'accepted';
  IF TG_OP = 'UPDATE' AND before_status IS NOT DISTINCT FROM after_status THEN counts := false; END IF;
  PERFORM pg_notify('savepoint_feed', CASE WHEN counts THEN 'r:' ELSE 'q:' END
    || (to_jsonb(r) ->> TG_ARGV[0]) || ':' || (to_jsonb(r) ->> TG_ARGV[1]));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_live_announce AFTER INSERT ON media
  FOR EACH ROW EXECUTE FUNCTION announce_new_post();
--> statement-breakpoint
CREATE TRIGGER media_comments_live_announce AFTER INSERT OR DELETE ON media_comments
  FOR EACH ROW EXECUTE FUNCTION announce_comment_change();
--> statement-breakpoint
CREATE TRIGGER follows_live_announce AFTER INSERT OR DELETE ON follows
  FOR EACH ROW EXECUTE FUNCTION announce_relationship_change('follower_id', 'followee_id');
--> statement-breakpoint
CREATE TRIGGER friendships_live_announce AFTER INSERT OR UPDATE OR DELETE ON friendships
  FOR EACH ROW EXECUTE FUNCTION announce_relationship_change('requester_id', 'addressee_id');
