ALTER TABLE "media" ADD COLUMN "community_id" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_community_id_idx" ON "media" USING btree ("community_id","id" DESC NULLS LAST) WHERE "media"."community_id" is not null;--> statement-breakpoint
CREATE INDEX "media_community_pins_idx" ON "media" USING btree ("community_id","pinned_at") WHERE "media"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "media_outside_communities_idx" ON "media" USING btree ("id" DESC NULLS LAST) WHERE "media"."community_id" is null;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_pins_in_communities" CHECK ("media"."pinned_at" is null or "media"."community_id" is not null);