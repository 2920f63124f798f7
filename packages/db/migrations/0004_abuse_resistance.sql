CREATE TABLE "captcha_solutions" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_alerts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "security_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"prefix" text NOT NULL,
	"ip" "inet",
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "iframe_requests" ADD COLUMN "consent_id" bigint;--> statement-breakpoint
ALTER TABLE "cargos" ADD COLUMN "consent_id" bigint;--> statement-breakpoint
CREATE INDEX "captcha_solutions_expires_idx" ON "captcha_solutions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "security_alerts_open_idx" ON "security_alerts" USING btree ("kind","scope") WHERE "security_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "security_alerts_created_idx" ON "security_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_phone_created_idx" ON "sms_sends" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_prefix_created_idx" ON "sms_sends" USING btree ("prefix","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_ip_created_idx" ON "sms_sends" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "sms_sends_created_idx" ON "sms_sends" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "iframe_requests" ADD CONSTRAINT "iframe_requests_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_consent_id_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."consents"("id") ON DELETE set null ON UPDATE no action;