ALTER TABLE "user_games" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "user_games" ug SET "suspended" = true FROM "users" u WHERE u."id" = ug."user_id" AND u."suspended_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "user_games_suspended_idx" ON "user_games" USING btree ("game_id") WHERE "user_games"."suspended";--> statement-breakpoint
-- user_games.suspended mirrors users.suspended_at, so a game page counts its suspended players through the
-- partial index above (few rows per game) instead of joining every player to users.
CREATE FUNCTION "user_games_set_suspended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.suspended := EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND suspended_at IS NOT NULL);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "user_games_suspended_insert" BEFORE INSERT OR UPDATE OF "user_id" ON "user_games"
  FOR EACH ROW EXECUTE FUNCTION "user_games_set_suspended"();--> statement-breakpoint
CREATE FUNCTION "users_mirror_suspended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_games SET suspended = (NEW.suspended_at IS NOT NULL) WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_suspended_mirror" AFTER UPDATE OF "suspended_at" ON "users"
  FOR EACH ROW WHEN ((OLD."suspended_at" IS NULL) <> (NEW."suspended_at" IS NULL))
  EXECUTE FUNCTION "users_mirror_suspended"();
