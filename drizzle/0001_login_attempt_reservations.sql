ALTER TABLE "login_attempts" ADD COLUMN "attempt_id" text;--> statement-breakpoint
CREATE INDEX "login_attempts_attempt_idx" ON "login_attempts" USING btree ("attempt_id");