CREATE TABLE "blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "handle_visibility" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "chat_participants" ADD COLUMN "hidden_through_message_id" bigint;--> statement-breakpoint
-- Backfill who caused each stored notification and what it is about, then keep one like notification per liker
-- and post (the newest) before the unique index below requires it. Friend requests name no request id in their
-- data: their subject is the pending friendship between the two, when there is one.
UPDATE "notifications" SET "actor_id" = coalesce(("data"->>'sender_id')::int, ("data"->>'receiver_id')::int),
	"subject_id" = ("data"->>'media_id')::int
	WHERE "data" ? 'sender_id' OR "data" ? 'receiver_id' OR "data" ? 'media_id';--> statement-breakpoint
UPDATE "notifications" n SET "actor_id" = NULL WHERE "actor_id" IS NOT NULL
	AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = n."actor_id");--> statement-breakpoint
UPDATE "notifications" n SET "subject_id" = f."id" FROM "friendships" f
	WHERE n."type" = 'friend_request' AND f."requester_id" = n."actor_id" AND f."addressee_id" = n."user_id";--> statement-breakpoint
DELETE FROM "notifications" n WHERE n."type" = 'like' AND EXISTS (
	SELECT 1 FROM "notifications" m WHERE m."type" = 'like' AND m."user_id" = n."user_id"
	AND m."actor_id" = n."actor_id" AND m."subject_id" = n."subject_id" AND m."id" > n."id");--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_like_once_key" ON "notifications" USING btree ("user_id","actor_id","subject_id") WHERE "notifications"."type" = 'like';--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id");