DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops) WITH (fastupdate=false);