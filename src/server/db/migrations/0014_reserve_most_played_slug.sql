-- 'most-played' is the games index's own address (GET /api/games/most-played, matched before /api/games/{slug}),
-- so no game may be named by it: a game made before the address existed moves to a slug of its own, and an old
-- alias with it is dropped. New titles already get 'most-played-2' (games.queries.ts).
UPDATE "games" SET "slug" = 'most-played-game-' || "id" WHERE "slug" = 'most-played';
--> statement-breakpoint
DELETE FROM "game_slug_aliases" WHERE "slug" = 'most-played';
