CREATE TABLE "access_request_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_request_files_mime" CHECK ("access_request_files"."mime_type" in ('image/jpeg', 'image/png', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"inn" text,
	"kpp" text,
	"document_series" text,
	"document_number" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewer_comment" text,
	"profile_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "access_requests_type" CHECK ("access_requests"."type" in ('legal', 'individual')),
	CONSTRAINT "access_requests_status" CHECK ("access_requests"."status" in ('pending', 'needs_changes', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "client_profiles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"inn" text,
	"kpp" text,
	"address" text,
	"personal_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_profiles_kind" CHECK ("client_profiles"."kind" in ('individual', 'legal')),
	CONSTRAINT "client_profiles_shape" CHECK (("client_profiles"."kind" = 'individual' and "client_profiles"."personal_user_id" is not null) or ("client_profiles"."kind" = 'legal' and "client_profiles"."inn" is not null and "client_profiles"."personal_user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "profile_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" bigint NOT NULL,
	"role" text NOT NULL,
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "profile_invitations_role" CHECK ("profile_invitations"."role" in ('admin', 'shipping_manager', 'accountant'))
);
--> statement-breakpoint
CREATE TABLE "profile_members" (
	"profile_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_members_role" CHECK ("profile_members"."role" in ('owner', 'admin', 'shipping_manager', 'accountant'))
);
--> statement-breakpoint
DROP INDEX "cargos_owner_created_idx";--> statement-breakpoint
DROP INDEX "cargos_owner_price_idx";--> statement-breakpoint
DROP INDEX "cargos_owner_status_changed_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active_profile_id" bigint;--> statement-breakpoint
ALTER TABLE "cargos" ADD COLUMN "owner_profile_id" bigint;--> statement-breakpoint
ALTER TABLE "access_request_files" ADD CONSTRAINT "access_request_files_request_id_access_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."access_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_personal_user_id_users_id_fk" FOREIGN KEY ("personal_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_invitations" ADD CONSTRAINT "profile_invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_members" ADD CONSTRAINT "profile_members_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_members" ADD CONSTRAINT "profile_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_members" ADD CONSTRAINT "profile_members_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_request_files_storage_key_unique" ON "access_request_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "access_request_files_request_idx" ON "access_request_files" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "access_requests_user_idx" ON "access_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "access_requests_status_idx" ON "access_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "client_profiles_account_uuid_unique" ON "client_profiles" USING btree ("account_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "client_profiles_personal_unique" ON "client_profiles" USING btree ("personal_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_profiles_legal_unique" ON "client_profiles" USING btree ("inn",coalesce("kpp", '')) WHERE "client_profiles"."kind" = 'legal';--> statement-breakpoint
CREATE UNIQUE INDEX "profile_invitations_token_unique" ON "profile_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "profile_invitations_profile_idx" ON "profile_invitations" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_members_pk" ON "profile_members" USING btree ("profile_id","user_id");--> statement-breakpoint
CREATE INDEX "profile_members_user_idx" ON "profile_members" USING btree ("user_id","profile_id","role");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_active_profile_id_client_profiles_id_fk" FOREIGN KEY ("active_profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_owner_profile_id_client_profiles_id_fk" FOREIGN KEY ("owner_profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cargos_owner_user_idx" ON "cargos" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "cargos_owner_created_idx" ON "cargos" USING btree ("owner_profile_id","created_at","id","status","closed","city_departure_name","city_delivery_name","sender_name","recipient_name");--> statement-breakpoint
CREATE INDEX "cargos_owner_price_idx" ON "cargos" USING btree ("owner_profile_id","price_kopecks","id");--> statement-breakpoint
CREATE INDEX "cargos_owner_status_changed_idx" ON "cargos" USING btree ("owner_profile_id","status_changed_at","id");--> statement-breakpoint
ALTER TABLE "cargos" DROP COLUMN "profile_id";--> statement-breakpoint
-- Backfill (issue 15): every verified user, and every user who owns cargos, gets a personal
-- profile with themself as owner; it becomes their active profile and the owner of their cargos.
INSERT INTO "client_profiles" ("kind", "name", "personal_user_id")
SELECT 'individual', coalesce(nullif("users"."name", ''), 'Частное лицо'), "users"."id" FROM "users"
WHERE "users"."is_verified" OR EXISTS (SELECT 1 FROM "cargos" WHERE "cargos"."owner_user_id" = "users"."id");--> statement-breakpoint
INSERT INTO "profile_members" ("profile_id", "user_id", "role")
SELECT "id", "personal_user_id", 'owner' FROM "client_profiles" WHERE "kind" = 'individual';--> statement-breakpoint
UPDATE "users" SET "active_profile_id" = "client_profiles"."id" FROM "client_profiles"
WHERE "client_profiles"."personal_user_id" = "users"."id";--> statement-breakpoint
UPDATE "cargos" SET "owner_profile_id" = "client_profiles"."id" FROM "client_profiles"
WHERE "client_profiles"."personal_user_id" = "cargos"."owner_user_id";
