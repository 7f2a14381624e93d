CREATE TABLE "online_record_counts" (
	"model_id" text NOT NULL,
	"creator_user_id" text NOT NULL,
	"department_id" text DEFAULT '' NOT NULL,
	"organize_id" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "online_record_counts_model_id_creator_user_id_department_id_organize_id_pk" PRIMARY KEY("model_id","creator_user_id","department_id","organize_id")
);
--> statement-breakpoint
CREATE INDEX "online_records_department_idx" ON "online_records" USING btree ("model_id","department_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_records_organize_idx" ON "online_records" USING btree ("model_id","organize_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_records_creator_idx" ON "online_records" USING btree ("model_id","creator_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- online_record_counts follows online_records: each statement's inserted, deleted and moved rows
-- counted per (model, creator, department, company) and added in one upsert. An edit of a record's
-- data leaves every key as it was (its -1 and +1 cancel) and writes nothing.
CREATE OR REPLACE FUNCTION online_record_counts_follow() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO online_record_counts AS c (model_id, creator_user_id, department_id, organize_id, n)
      SELECT model_id, creator_user_id, coalesce(department_id, ''), coalesce(organize_id, ''), count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (model_id, creator_user_id, department_id, organize_id) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO online_record_counts AS c (model_id, creator_user_id, department_id, organize_id, n)
      SELECT model_id, creator_user_id, coalesce(department_id, ''), coalesce(organize_id, ''), -count(*)
      FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (model_id, creator_user_id, department_id, organize_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO online_record_counts AS c (model_id, creator_user_id, department_id, organize_id, n)
      SELECT model_id, creator_user_id, department_id, organize_id, sum(d)
      FROM (
        SELECT model_id, creator_user_id, coalesce(department_id, '') AS department_id, coalesce(organize_id, '') AS organize_id, 1 AS d FROM new_rows
        UNION ALL
        SELECT model_id, creator_user_id, coalesce(department_id, ''), coalesce(organize_id, ''), -1 FROM old_rows
      ) moved
      GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (model_id, creator_user_id, department_id, organize_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER online_records_counts_insert AFTER INSERT ON online_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION online_record_counts_follow();
--> statement-breakpoint
CREATE TRIGGER online_records_counts_delete AFTER DELETE ON online_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION online_record_counts_follow();
--> statement-breakpoint
CREATE TRIGGER online_records_counts_update AFTER UPDATE ON online_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION online_record_counts_follow();
--> statement-breakpoint
-- The records already there (a database from before this migration).
INSERT INTO online_record_counts (model_id, creator_user_id, department_id, organize_id, n)
  SELECT model_id, creator_user_id, coalesce(department_id, ''), coalesce(organize_id, ''), count(*)
  FROM online_records GROUP BY 1, 2, 3, 4;
