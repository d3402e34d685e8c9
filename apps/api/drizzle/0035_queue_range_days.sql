-- Hand-written: gp_day(t) numbers the days since 1970 (UTC), a bucket of creation times for the queue's closed
-- time ranges (desk.repository.ts `dayWalks`). Immutable for real: epoch seconds do not depend on the session's
-- time zone, which is why a date_trunc() of a timestamptz could not be indexed.
CREATE OR REPLACE FUNCTION gp_day(t timestamptz) RETURNS integer LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT floor(extract(epoch FROM t) / 86400)::integer $$;--> statement-breakpoint
CREATE INDEX "cs_work_order_day_asked_idx" ON "cs_work_order" USING btree (gp_day("created_at"),"last_asked_at","id","created_at");--> statement-breakpoint
CREATE INDEX "cs_work_order_day_updated_idx" ON "cs_work_order" USING btree (gp_day("created_at"),"updated_at","id","created_at");