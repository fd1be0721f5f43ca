CREATE TABLE "analysis_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"client_job_id" text NOT NULL,
	"premium" boolean NOT NULL,
	"slot_day" date,
	"image" "bytea",
	"input" jsonb NOT NULL,
	"thumbnail" "bytea",
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" jsonb NOT NULL,
	"worker" text,
	"analysis_id" text,
	"error" jsonb,
	"engine_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_jobs" ADD CONSTRAINT "analysis_jobs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_jobs" ADD CONSTRAINT "analysis_jobs_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_jobs_user_client_idx" ON "analysis_jobs" USING btree ("user_id","client_job_id");--> statement-breakpoint
CREATE INDEX "analysis_jobs_status_idx" ON "analysis_jobs" USING btree ("status");