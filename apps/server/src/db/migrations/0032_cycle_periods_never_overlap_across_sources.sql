-- One payment per day of trading, whatever the source (decision 040): the exchange and a CSV
-- report the same trading, so an exchange cycle and a CSV cycle over one day pay it twice.
-- Cycles that already overlap an earlier paid cycle of the other source are marked, as 0014 did
-- within a source, so the constraint can be added and the overlap stays visible.
UPDATE "reward_cycles" c SET "correction_reason" = 'Overlapped an earlier cycle of the other source before such overlaps were refused (migration 0032)'
 WHERE c."status" IN ('RUNNING', 'COMPLETED') AND c."correction_reason" IS NULL
   AND EXISTS (
     SELECT 1 FROM "reward_cycles" o
      WHERE o."source" <> c."source" AND o."status" IN ('RUNNING', 'COMPLETED')
        AND o."correction_reason" IS NULL
        AND daterange(o."period_start", o."period_end", '[]') && daterange(c."period_start", c."period_end", '[]')
        AND (o."started_at", o."id") < (c."started_at", c."id"));--> statement-breakpoint
ALTER TABLE "reward_cycles" DROP CONSTRAINT "reward_cycles_exchange_periods_never_overlap";--> statement-breakpoint
ALTER TABLE "reward_cycles" DROP CONSTRAINT "reward_cycles_csv_periods_never_overlap";--> statement-breakpoint
ALTER TABLE "reward_cycles" ADD CONSTRAINT "reward_cycles_periods_never_overlap"
  EXCLUDE USING gist (daterange("period_start", "period_end", '[]') WITH &&)
  WHERE ("status" IN ('RUNNING', 'COMPLETED') AND "correction_reason" IS NULL);
