-- Every node keeps the feed's first page (and each viewer's likes and blocks) in memory (services/feed-cache.ts)
-- and drops them when told on this channel, at commit, whoever made the change (app, admin CLI, hand-written SQL).
-- 'f': something a post card shows changed (a post, its counts, its comments, an author's name or picture);
-- 'l:<user>': that person's likes changed; 'b:<a>:<b>': a block between the two was made or lifted.
CREATE FUNCTION announce_feed_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('savepoint_feed', 'f');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION announce_like_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('savepoint_feed', 'l:' || OLD.user_id);
  ELSE
    PERFORM pg_notify('savepoint_feed', 'l:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION announce_block_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('savepoint_feed', 'b:' || OLD.blocker_id || ':' || OLD.blocked_id);
  ELSE
    PERFORM pg_notify('savepoint_feed', 'b:' || NEW.blocker_id || ':' || NEW.blocked_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER media_feed_announce AFTER INSERT OR UPDATE OR DELETE ON media
  FOR EACH STATEMENT EXECUTE FUNCTION announce_feed_change();
--> statement-breakpoint
CREATE TRIGGER media_comments_feed_announce AFTER INSERT OR UPDATE OR DELETE ON media_comments
  FOR EACH STATEMENT EXECUTE FUNCTION announce_feed_change();
--> statement-breakpoint
CREATE TRIGGER profile_pictures_feed_announce AFTER INSERT OR UPDATE OR DELETE ON profile_pictures
  FOR EACH STATEMENT EXECUTE FUNCTION announce_feed_change();
--> statement-breakpoint
CREATE TRIGGER users_feed_announce AFTER UPDATE OF username, suspended_at OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_feed_change();
--> statement-breakpoint
CREATE TRIGGER media_likes_feed_announce AFTER INSERT OR DELETE ON media_likes
  FOR EACH ROW EXECUTE FUNCTION announce_like_change();
--> statement-breakpoint
CREATE TRIGGER blocks_feed_announce AFTER INSERT OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION announce_block_change();
--> statement-breakpoint
-- A post card shows its game's name and slug: a moderator's rename or merge changes what the cached page shows.
CREATE TRIGGER games_feed_announce AFTER UPDATE OF name, slug OR DELETE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION announce_feed_change();
