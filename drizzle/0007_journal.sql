CREATE TABLE "trade_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"trade_id" text NOT NULL,
	"phase" text NOT NULL,
	"webp" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"analysis_id" text,
	"status" text NOT NULL,
	"direction" text,
	"symbol" text,
	"pip_size" double precision,
	"contract_size" double precision,
	"time_frame" text NOT NULL,
	"strategy" text NOT NULL,
	"entry" double precision,
	"stop" double precision,
	"target" double precision,
	"lot_size" double precision,
	"plan" jsonb NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"exit_price" double precision,
	"closed_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_photos" ADD CONSTRAINT "trade_photos_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_analysis_id_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."analyses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_photos_trade_idx" ON "trade_photos" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trades_user_opened_idx" ON "trades" USING btree ("user_id","opened_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_analysis_idx" ON "trades" USING btree ("analysis_id");