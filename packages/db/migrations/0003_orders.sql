CREATE TABLE "cargo_favorites" (
	"cargo_id" bigint PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cargo_ratings" (
	"cargo_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cargo_ratings_range" CHECK ("cargo_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "cargo_status_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargo_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cargo_id" bigint NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"office_id" integer,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "cargos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cargos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"track_number" text NOT NULL,
	"owner_user_id" integer,
	"owner_session_id" uuid,
	"status" text DEFAULT 'created' NOT NULL,
	"closed" boolean GENERATED ALWAYS AS (status in ('released', 'cancelled', 'returned')) STORED NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_storage" boolean DEFAULT false NOT NULL,
	"partial_release" boolean DEFAULT false NOT NULL,
	"city_departure_id" integer NOT NULL,
	"city_delivery_id" integer NOT NULL,
	"city_departure_name" text NOT NULL,
	"city_delivery_name" text NOT NULL,
	"departure_type" text NOT NULL,
	"delivery_type" text NOT NULL,
	"departure_office_id" integer,
	"delivery_office_id" integer,
	"departure_address" text,
	"delivery_address" text,
	"quantity" integer NOT NULL,
	"weight_kg" double precision NOT NULL,
	"volume_m3" double precision NOT NULL,
	"length_cm" double precision,
	"width_cm" double precision,
	"height_cm" double precision,
	"cargo_tab" text DEFAULT 'single' NOT NULL,
	"cargo_type" text,
	"transportation_type" text NOT NULL,
	"payment_type" text NOT NULL,
	"payer_role" text NOT NULL,
	"customer_role" text NOT NULL,
	"sender" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"payer" jsonb,
	"customer" jsonb,
	"sender_name" text,
	"recipient_name" text,
	"profile_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_kopecks" integer NOT NULL,
	"price_lines" jsonb NOT NULL,
	"vat_kopecks" integer DEFAULT 0 NOT NULL,
	"promo_code_id" integer,
	"planned_dispatch_date" date,
	"planned_arrival_date" date,
	"driver_name" text,
	"driver_phone" text,
	"vehicle_model" text,
	"vehicle_plate" text,
	"driver_assigned_at" timestamp with time zone,
	"anonymized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cargos_status_valid" CHECK ("cargos"."status" in ('created', 'awaiting_dropoff', 'pickup', 'accepted', 'in_transit', 'arrived', 'out_for_delivery', 'released', 'cancelled', 'returned', 'problem')),
	CONSTRAINT "cargos_price_nonnegative" CHECK ("cargos"."price_kopecks" >= 0),
	CONSTRAINT "cargos_measures" CHECK ("cargos"."quantity" >= 1 and "cargos"."weight_kg" > 0 and "cargos"."volume_m3" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "idempotency_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_drafts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_drafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer,
	"session_id" uuid,
	"payload" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_drafts_one_owner" CHECK (("order_drafts"."user_id" is null) <> ("order_drafts"."session_id" is null))
);
--> statement-breakpoint
ALTER TABLE "cargo_favorites" ADD CONSTRAINT "cargo_favorites_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_ratings" ADD CONSTRAINT "cargo_ratings_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_ratings" ADD CONSTRAINT "cargo_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_status_history" ADD CONSTRAINT "cargo_status_history_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargo_status_history" ADD CONSTRAINT "cargo_status_history_office_id_subdivisions_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."subdivisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_owner_session_id_sessions_id_fk" FOREIGN KEY ("owner_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_city_departure_id_cities_id_fk" FOREIGN KEY ("city_departure_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_city_delivery_id_cities_id_fk" FOREIGN KEY ("city_delivery_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_departure_office_id_subdivisions_id_fk" FOREIGN KEY ("departure_office_id") REFERENCES "public"."subdivisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_delivery_office_id_subdivisions_id_fk" FOREIGN KEY ("delivery_office_id") REFERENCES "public"."subdivisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_drafts" ADD CONSTRAINT "order_drafts_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cargo_status_history_cargo_idx" ON "cargo_status_history" USING btree ("cargo_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cargos_track_number_unique" ON "cargos" USING btree ("track_number");--> statement-breakpoint
CREATE INDEX "cargos_owner_created_idx" ON "cargos" USING btree ("owner_user_id","created_at","id","status","closed","city_departure_name","city_delivery_name","sender_name","recipient_name");--> statement-breakpoint
CREATE INDEX "cargos_owner_price_idx" ON "cargos" USING btree ("owner_user_id","price_kopecks","id");--> statement-breakpoint
CREATE INDEX "cargos_owner_status_changed_idx" ON "cargos" USING btree ("owner_user_id","status_changed_at","id");--> statement-breakpoint
CREATE INDEX "cargos_owner_session_idx" ON "cargos" USING btree ("owner_session_id","created_at") WHERE "cargos"."owner_session_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_key_unique" ON "idempotency_keys" USING btree ("scope","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_drafts_user_unique" ON "order_drafts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_drafts_session_unique" ON "order_drafts" USING btree ("session_id");