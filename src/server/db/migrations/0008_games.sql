CREATE TABLE "game_slug_aliases" (
	"slug" text PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "games_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_games" (
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_games_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" DROP CONSTRAINT "moderation_actions_known";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "game_id" integer;--> statement-breakpoint
ALTER TABLE "game_slug_aliases" ADD CONSTRAINT "game_slug_aliases_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_games" ADD CONSTRAINT "user_games_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_games" ADD CONSTRAINT "user_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "games_slug_key" ON "games" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "games_name_key_key" ON "games" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "games_name_prefix_idx" ON "games" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "games_name_trgm_idx" ON "games" USING gin (lower("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "user_games_game_idx" ON "user_games" USING btree ("game_id","user_id");--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_game_id_idx" ON "media" USING btree ("game_id","id" DESC NULLS LAST) WHERE "media"."game_id" is not null;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_known" CHECK ("moderation_actions"."action" in ('dismiss', 'remove_content', 'suspend_user', 'unsuspend_user', 'grant_role', 'revoke_role', 'rename_game', 'merge_game'));