ALTER TABLE "user" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Accounts made before email confirmation keep the trial that started at their sign-up; they
-- still confirm their address (email_verified stays false) before their next analysis.
UPDATE "user" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
