ALTER TABLE "mail_outbox" ADD COLUMN "secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Mails written before this migration: the ones holding a code or link are marked, codes leave
-- their subjects, and the bodies already delivered are blanked now.
UPDATE "mail_outbox" SET "secret" = true
 WHERE "subject" LIKE 'Your withdrawal code%' OR "subject" IN ('Verify your email address', 'Reset your password');--> statement-breakpoint
UPDATE "mail_outbox" SET "subject" = 'Your withdrawal code' WHERE "subject" LIKE 'Your withdrawal code:%';--> statement-breakpoint
UPDATE "mail_outbox"
   SET "text_body" = '[Removed after delivery: this mail held a one-time code or link.]',
       "html_body" = '[Removed after delivery: this mail held a one-time code or link.]'
 WHERE "secret" AND "sent_at" IS NOT NULL;
