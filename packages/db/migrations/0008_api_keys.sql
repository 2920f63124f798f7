CREATE TABLE "api_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"public_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"profile_id" bigint NOT NULL,
	"created_by_user_id" integer,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"rate_limit_per_minute" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_scopes" CHECK (cardinality("api_keys"."scopes") >= 1 and "api_keys"."scopes" <@ array['cargo:read', 'requests:create', 'calculate']::text[]),
	CONSTRAINT "api_keys_rate_limit" CHECK ("api_keys"."rate_limit_per_minute" is null or "api_keys"."rate_limit_per_minute" > 0),
	CONSTRAINT "api_keys_public_id_shape" CHECK ("api_keys"."public_id" ~ '^[0-9A-Za-z]{8}$')
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_public_id_unique" ON "api_keys" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_uuid_unique" ON "api_keys" USING btree ("uuid");--> statement-breakpoint
CREATE INDEX "api_keys_profile_idx" ON "api_keys" USING btree ("profile_id","created_at");