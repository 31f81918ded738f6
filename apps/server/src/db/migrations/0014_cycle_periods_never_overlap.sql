ALTER TABLE "reward_cycles" ADD COLUMN "correction_reason" text;--> statement-breakpoint
-- Cycles that already overlap an earlier paid cycle of their source (the double payments this
-- migration stops) are marked, so the constraints can be added and the overlap stays visible.
UPDATE "reward_cycles" c SET "correction_reason" = 'Overlapped an earlier cycle before overlaps were refused (migration 0014)'
 WHERE c."status" IN ('RUNNING', 'COMPLETED') AND c."correction_reason" IS NULL
   AND EXISTS (
     SELECT 1 FROM "reward_cycles" o
      WHERE o."source" = c."source" AND o."id" <> c."id" AND o."status" IN ('RUNNING', 'COMPLETED')
        AND daterange(o."period_start", o."period_end", '[]') && daterange(c."period_start", c."period_end", '[]')
        AND (o."started_at", o."id") < (c."started_at", c."id"));--> statement-breakpoint
-- One paid cycle per source and day: a second RUNNING or COMPLETED cycle covering a day already
-- covered is refused by the database itself, whatever races the requests run (issue 19).
ALTER TABLE "reward_cycles" ADD CONSTRAINT "reward_cycles_exchange_periods_never_overlap"
  EXCLUDE USING gist (daterange("period_start", "period_end", '[]') WITH &&)
  WHERE ("source" = 'EXCHANGE' AND "status" IN ('RUNNING', 'COMPLETED') AND "correction_reason" IS NULL);--> statement-breakpoint
ALTER TABLE "reward_cycles" ADD CONSTRAINT "reward_cycles_csv_periods_never_overlap"
  EXCLUDE USING gist (daterange("period_start", "period_end", '[]') WITH &&)
  WHERE ("source" = 'CSV' AND "status" IN ('RUNNING', 'COMPLETED') AND "correction_reason" IS NULL);
