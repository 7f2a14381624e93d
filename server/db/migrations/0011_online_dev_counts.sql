CREATE TABLE "online_record_counts" (
	"model_id" text NOT NULL,
	"field" text DEFAULT '' NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"creator_user_id" text NOT NULL,
	"department_id" text DEFAULT '' NOT NULL,
	"organize_id" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "online_record_counts_pk" PRIMARY KEY("model_id","field","value","creator_user_id","department_id","organize_id")
);
--> statement-breakpoint
ALTER TABLE "online_models" ADD COLUMN "counted_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "online_records_department_idx" ON "online_records" USING btree ("model_id","department_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_records_organize_idx" ON "online_records" USING btree ("model_id","organize_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "online_records_creator_idx" ON "online_records" USING btree ("model_id","creator_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- online_record_counts follows online_records: each statement's inserted (+1), deleted (-1) and
-- changed (-1 as it was, +1 as it is) rows, counted per model, creator, department and company, in
-- all (field and value '') and per value of each of the model's counted fields, added in one upsert
-- in key order. An edit that changes none of these cancels out and writes nothing.
CREATE OR REPLACE FUNCTION online_record_counts_follow() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH moved AS (
      SELECT model_id, creator_user_id, coalesce(department_id, '') AS department_id, coalesce(organize_id, '') AS organize_id, data, 1 AS s FROM new_rows
    ), keyed AS (
      SELECT model_id, '' AS field, '' AS value, creator_user_id, department_id, organize_id, s FROM moved
      UNION ALL
      SELECT mv.model_id, f, mv.data->>f, mv.creator_user_id, mv.department_id, mv.organize_id, mv.s
      FROM moved mv JOIN online_models m ON m.id = mv.model_id, unnest(m.counted_fields) f
      WHERE jsonb_typeof(mv.data->f) IN ('string', 'number', 'boolean')
    )
    INSERT INTO online_record_counts AS c (model_id, field, value, creator_user_id, department_id, organize_id, n)
      SELECT model_id, field, value, creator_user_id, department_id, organize_id, sum(s)
      FROM keyed GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(s) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (model_id, field, value, creator_user_id, department_id, organize_id) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    WITH moved AS (
      SELECT model_id, creator_user_id, coalesce(department_id, '') AS department_id, coalesce(organize_id, '') AS organize_id, data, -1 AS s FROM old_rows
    ), keyed AS (
      SELECT model_id, '' AS field, '' AS value, creator_user_id, department_id, organize_id, s FROM moved
      UNION ALL
      SELECT mv.model_id, f, mv.data->>f, mv.creator_user_id, mv.department_id, mv.organize_id, mv.s
      FROM moved mv JOIN online_models m ON m.id = mv.model_id, unnest(m.counted_fields) f
      WHERE jsonb_typeof(mv.data->f) IN ('string', 'number', 'boolean')
    )
    INSERT INTO online_record_counts AS c (model_id, field, value, creator_user_id, department_id, organize_id, n)
      SELECT model_id, field, value, creator_user_id, department_id, organize_id, sum(s)
      FROM keyed GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(s) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (model_id, field, value, creator_user_id, department_id, organize_id) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    WITH moved AS (
      SELECT model_id, creator_user_id, coalesce(department_id, '') AS department_id, coalesce(organize_id, '') AS organize_id, data, 1 AS s FROM new_rows
      UNION ALL
      SELECT model_id, creator_user_id, coalesce(department_id, '') AS department_id, coalesce(organize_id, '') AS organize_id, data, -1 AS s FROM old_rows
    ), keyed AS (
      SELECT model_id, '' AS field, '' AS value, creator_user_id, department_id, organize_id, s FROM moved
      UNION ALL
      SELECT mv.model_id, f, mv.data->>f, mv.creator_user_id, mv.department_id, mv.organize_id, mv.s
      FROM moved mv JOIN online_models m ON m.id = mv.model_id, unnest(m.counted_fields) f
      WHERE jsonb_typeof(mv.data->f) IN ('string', 'number', 'boolean')
    )
    INSERT INTO online_record_counts AS c (model_id, field, value, creator_user_id, department_id, organize_id, n)
      SELECT model_id, field, value, creator_user_id, department_id, organize_id, sum(s)
      FROM keyed GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(s) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT (model_id, field, value, creator_user_id, department_id, organize_id) DO UPDATE SET n = c.n + excluded.n;
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
-- The records already there (a database from before this migration): their totals; the counted
-- fields of their models are set, and counted, when a model is next published.
INSERT INTO online_record_counts (model_id, creator_user_id, department_id, organize_id, n)
  SELECT model_id, creator_user_id, coalesce(department_id, ''), coalesce(organize_id, ''), count(*)
  FROM online_records GROUP BY 1, 2, 3, 4;
