CREATE TABLE "lfg_members" (
	"post_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lfg_members_post_id_user_id_pk" PRIMARY KEY("post_id","user_id"),
	CONSTRAINT "lfg_members_state_known" CHECK ("lfg_members"."state" in ('requested', 'accepted', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "lfg_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lfg_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"host_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"platform" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"slots" smallint NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" text NOT NULL,
	"community_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"room_id" integer,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lfg_posts_slots_range" CHECK ("lfg_posts"."slots" between 1 and 15),
	CONSTRAINT "lfg_posts_status_known" CHECK ("lfg_posts"."status" in ('open', 'closed', 'ended')),
	CONSTRAINT "lfg_posts_platform_known" CHECK ("lfg_posts"."platform" in ('playstation', 'xbox', 'steam', 'nintendo', 'mobile')),
	CONSTRAINT "lfg_posts_visibility_known" CHECK (("lfg_posts"."visibility" in ('public', 'friends') and "lfg_posts"."community_id" is null) or ("lfg_posts"."visibility" = 'community' and "lfg_posts"."community_id" is not null)),
	CONSTRAINT "lfg_posts_ends_after_start" CHECK ("lfg_posts"."ends_at" > "lfg_posts"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "lfg_members" ADD CONSTRAINT "lfg_members_post_id_lfg_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."lfg_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lfg_members" ADD CONSTRAINT "lfg_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lfg_posts" ADD CONSTRAINT "lfg_posts_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lfg_posts" ADD CONSTRAINT "lfg_posts_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lfg_posts" ADD CONSTRAINT "lfg_posts_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lfg_posts" ADD CONSTRAINT "lfg_posts_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lfg_members_post_idx" ON "lfg_members" USING btree ("post_id","state","created_at");--> statement-breakpoint
CREATE INDEX "lfg_members_user_idx" ON "lfg_members" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "lfg_posts_game_live_idx" ON "lfg_posts" USING btree ("game_id","starts_at","id") WHERE "lfg_posts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "lfg_posts_live_idx" ON "lfg_posts" USING btree ("starts_at","id") WHERE "lfg_posts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "lfg_posts_community_live_idx" ON "lfg_posts" USING btree ("community_id","starts_at","id") WHERE "lfg_posts"."status" = 'open' and "lfg_posts"."community_id" is not null;--> statement-breakpoint
CREATE INDEX "lfg_posts_game_idx" ON "lfg_posts" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "lfg_posts_community_idx" ON "lfg_posts" USING btree ("community_id");--> statement-breakpoint
CREATE INDEX "lfg_posts_host_idx" ON "lfg_posts" USING btree ("host_id","starts_at");--> statement-breakpoint
CREATE INDEX "lfg_posts_room_idx" ON "lfg_posts" USING btree ("room_id");