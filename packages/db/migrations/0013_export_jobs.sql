CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"profile_id" bigint,
	"params" jsonb NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"file_name" text,
	"ascii_file_name" text,
	"content_type" text,
	"size_bytes" bigint,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "export_jobs_kind_valid" CHECK ("export_jobs"."kind" in ('cargo_list', 'reconciliation')),
	CONSTRAINT "export_jobs_status_valid" CHECK ("export_jobs"."status" in ('queued', 'running', 'ready', 'failed')),
	CONSTRAINT "export_jobs_format_valid" CHECK ("export_jobs"."format" in ('xlsx', 'csv', 'pdf')),
	CONSTRAINT "export_jobs_ready_has_file" CHECK ("export_jobs"."status" <> 'ready' or "export_jobs"."storage_key" is not null),
	CONSTRAINT "export_jobs_rows_valid" CHECK ("export_jobs"."rows_done" >= 0 and ("export_jobs"."rows_total" is null or "export_jobs"."rows_total" >= 0))
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_user_created_idx" ON "export_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "export_jobs_expires_idx" ON "export_jobs" USING btree ("expires_at");