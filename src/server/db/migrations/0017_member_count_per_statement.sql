-- A community's member_count (migration 0015) is now kept once per statement, not once per row: a statement that
-- adds or removes many members at once (an import, a cascade) updated the community's row once per member in one
-- transaction, and each update walked every earlier version of that row, so 100,000 members took many minutes.
-- Per statement, the rows it changed are counted per community and each community's row is updated once.
DROP TRIGGER community_members_count ON community_members;
--> statement-breakpoint
DROP FUNCTION count_community_members();
--> statement-breakpoint
CREATE FUNCTION count_added_community_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE communities c SET member_count = c.member_count + added.n
    FROM (SELECT community_id, count(*) AS n FROM added_members GROUP BY community_id) added
    WHERE c.id = added.community_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION count_removed_community_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE communities c SET member_count = c.member_count - removed.n
    FROM (SELECT community_id, count(*) AS n FROM removed_members GROUP BY community_id) removed
    WHERE c.id = removed.community_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER community_members_added AFTER INSERT ON community_members
  REFERENCING NEW TABLE AS added_members FOR EACH STATEMENT EXECUTE FUNCTION count_added_community_members();
--> statement-breakpoint
CREATE TRIGGER community_members_removed AFTER DELETE ON community_members
  REFERENCING OLD TABLE AS removed_members FOR EACH STATEMENT EXECUTE FUNCTION count_removed_community_members();
