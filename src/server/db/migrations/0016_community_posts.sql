ALTER TABLE "media" ADD COLUMN "community_id" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_community_id_idx" ON "media" USING btree ("community_id","id" DESC NULLS LAST) WHERE "media"."community_id" is not null;--> statement-breakpoint
CREATE INDEX "media_community_pins_idx" ON "media" USING btree ("community_id","pinned_at") WHERE "media"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "media_outside_communities_idx" ON "media" USING btree ("id" DESC NULLS LAST) WHERE "media"."community_id" is null;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_pins_in_communities" CHECK ("media"."pinned_at" is null or "media"."community_id" is not null);--> statement-breakpoint
-- A new post's announcement (migration 0013) names its community too: 'n:<post>:<author>:<game or empty>:<community
-- or empty>'. A community post is announced to that community's page alone (services/live/live-updates.service.ts).
CREATE OR REPLACE FUNCTION announce_new_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('savepoint_feed', 'n:' || NEW.id || ':' || NEW.user_id || ':' || coalesce(NEW.game_id::text, '') || ':' || coalesce(NEW.community_id::text, ''));
  RETURN NULL;
END $$;
