-- Beyond the spec: a member may cancel their own pending request (issue 18); the held amount returns.
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('PENDING', 'APPROVED', 'REJECTED', 'BLOCKED_COMPLIANCE', 'CANCELLED'));