-- Online development (issue 20): helpers the per-model indexes and the keyword search use.
-- A number stored in a record's jsonb as text, or null when it is not one (a field whose type
-- changed keeps older values): immutable, so an expression index can use it, and never an error.
CREATE OR REPLACE FUNCTION online_num(v text) RETURNS numeric
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN v ~ '^[+-]?([0-9]{1,30}(\.[0-9]{0,20})?|\.[0-9]{1,20})$' THEN v::numeric END $$;
--> statement-breakpoint
-- Every character and every pair of neighbouring characters of each line of a record's search text
-- (its keyword fields, lower-cased, one per line): a contains search of any length is one lookup
-- of the keyword's grams in a GIN index, then a LIKE over the few records it finds.
CREATE OR REPLACE FUNCTION online_grams(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT g), '{}'::text[]) FROM (
      SELECT substr(line, i, n) AS g
      FROM unnest(string_to_array(t, E'\n')) AS line,
           generate_series(1, char_length(line)) AS i,
           (VALUES (1), (2)) AS sizes(n)
      WHERE i + n - 1 <= char_length(line)
    ) grams
  $$;
