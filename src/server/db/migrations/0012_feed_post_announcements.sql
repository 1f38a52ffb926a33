-- A change to one post (its counts, caption or game) or to its comments announces that post on 'savepoint_feed'
-- as 'p:<media id>', so a node drops its cached feed head only when that post is in it (feed-cache.service.ts).
-- Before this, every like and comment on any post dropped every node's head. A statement that touches several
-- posts still announces 'f', and so does a post made or deleted (the head's order changes: migration 0009).
-- Transition tables allow one event per trigger, hence one trigger per event, each naming its table `changed`; the
-- trigger's argument names the column that holds the post's id in it.
CREATE FUNCTION announce_changed_posts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  EXECUTE format('SELECT array_agg(DISTINCT %I) FROM changed', TG_ARGV[0]) INTO ids;
  IF cardinality(ids) = 1 THEN
    PERFORM pg_notify('savepoint_feed', 'p:' || ids[1]);
  ELSIF ids IS NOT NULL THEN
    PERFORM pg_notify('savepoint_feed', 'f');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER media_feed_announce ON media;
--> statement-breakpoint
CREATE TRIGGER media_feed_announce AFTER INSERT OR DELETE ON media
  FOR EACH STATEMENT EXECUTE FUNCTION announce_feed_change();
--> statement-breakpoint
CREATE TRIGGER media_feed_announce_update AFTER UPDATE ON media REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_posts('id');
--> statement-breakpoint
DROP TRIGGER media_comments_feed_announce ON media_comments;
--> statement-breakpoint
CREATE TRIGGER media_comments_feed_announce_insert AFTER INSERT ON media_comments REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_posts('media_id');
--> statement-breakpoint
CREATE TRIGGER media_comments_feed_announce_update AFTER UPDATE ON media_comments REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_posts('media_id');
--> statement-breakpoint
-- A comment moved to another post by hand-written SQL changes the post it left as well.
CREATE TRIGGER media_comments_feed_announce_update_before AFTER UPDATE ON media_comments REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_posts('media_id');
--> statement-breakpoint
CREATE TRIGGER media_comments_feed_announce_delete AFTER DELETE ON media_comments REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION announce_changed_posts('media_id');
