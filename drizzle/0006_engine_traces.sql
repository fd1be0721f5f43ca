CREATE TABLE "engine_refusals" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" text,
	"rule" text NOT NULL,
	"code" text NOT NULL,
	"trace" jsonb
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "engine_trace" jsonb;--> statement-breakpoint
ALTER TABLE "analysis_jobs" ADD COLUMN "engine_trace" jsonb;--> statement-breakpoint
ALTER TABLE "engine_refusals" ADD CONSTRAINT "engine_refusals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "engine_refusals_created_idx" ON "engine_refusals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "analyses_created_idx" ON "analyses" USING btree ("created_at");