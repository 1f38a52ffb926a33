-- Channels (ADR 049): a chat room with a community is one of its channels, read by its members; a member's
-- read floor is the newest message id when they joined.
ALTER TABLE "chat_rooms" ADD COLUMN "community_id" integer;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "chat_read_floor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_channel_name_key" ON "chat_rooms" USING btree ("community_id","name") WHERE "chat_rooms"."community_id" is not null;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_channel_kind" CHECK ("chat_rooms"."community_id" is null or ("chat_rooms"."is_group" and "chat_rooms"."owner_id" is null));--> statement-breakpoint
-- Every community starts with a 'general' channel (ADR 049): the ones made before channels existed get theirs now.
INSERT INTO "chat_rooms" ("name", "is_group", "community_id") SELECT 'general', true, "id" FROM "communities";
