ALTER TABLE "media" ADD COLUMN "poster_key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "placeholder" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "progress" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_status_known" CHECK ("media"."status" in ('processing', 'ready'));--> statement-breakpoint
-- A post is new to others when they can first see it: made ready, or made ready later by the media pipeline (ADR
-- 051). Its announcement ('n:…', migrations 0013 and 0016) waits until then, and the feed's cached first page is
-- dropped ('f') when a processed post takes its place in it.
DROP TRIGGER media_live_announce ON media;
--> statement-breakpoint
CREATE TRIGGER media_live_announce AFTER INSERT ON media
  FOR EACH ROW WHEN (NEW.status = 'ready') EXECUTE FUNCTION announce_new_post();
--> statement-breakpoint
CREATE TRIGGER media_live_announce_ready AFTER UPDATE OF status ON media
  FOR EACH ROW WHEN (OLD.status = 'processing' AND NEW.status = 'ready') EXECUTE FUNCTION announce_new_post();
--> statement-breakpoint
CREATE TRIGGER media_feed_announce_ready AFTER UPDATE OF status ON media
  FOR EACH STATEMENT EXECUTE FUNCTION announce_feed_change();
