CREATE TABLE "contract_month_totals" (
	"contract_id" uuid NOT NULL,
	"month" date NOT NULL,
	"charges_kopecks" bigint DEFAULT 0 NOT NULL,
	"credits_kopecks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "contract_month_totals_pk" PRIMARY KEY("contract_id","month")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" bigint NOT NULL,
	"number" text NOT NULL,
	"signed_on" date NOT NULL,
	"kind" text NOT NULL,
	"credit_limit_kopecks" bigint,
	"payment_term_days" integer,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_kind" CHECK ("contracts"."kind" in ('prepayment', 'postpayment')),
	CONSTRAINT "contracts_terms" CHECK (("contracts"."kind" = 'prepayment' and "contracts"."credit_limit_kopecks" is null and "contracts"."payment_term_days" is null) or ("contracts"."kind" = 'postpayment' and "contracts"."credit_limit_kopecks" >= 0 and "contracts"."payment_term_days" between 0 and 365)),
	CONSTRAINT "contracts_period" CHECK ("contracts"."valid_to" is null or "contracts"."valid_from" <= "contracts"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"contract_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_kopecks" bigint NOT NULL,
	"booked_on" date NOT NULL,
	"due_on" date,
	"cargo_id" bigint,
	"service_code" text,
	"document_number" text NOT NULL,
	"document_date" date NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('charge', 'payment', 'credit_note')),
	CONSTRAINT "ledger_entries_amount" CHECK ("ledger_entries"."amount_kopecks" > 0),
	CONSTRAINT "ledger_entries_due" CHECK (("ledger_entries"."kind" = 'charge') = ("ledger_entries"."due_on" is not null))
);
--> statement-breakpoint
CREATE TABLE "manager_ratings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manager_ratings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"profile_id" bigint NOT NULL,
	"staff_id" integer NOT NULL,
	"month" date NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_ratings_rating" CHECK ("manager_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "offer_acceptances" (
	"offer_id" integer NOT NULL,
	"profile_id" bigint NOT NULL,
	"user_id" integer,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_acceptances_pk" PRIMARY KEY("offer_id","profile_id")
);
--> statement-breakpoint
ALTER TABLE "cargos" ADD COLUMN "contract_id" uuid;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "photo_key" text;--> statement-breakpoint
ALTER TABLE "contract_month_totals" ADD CONSTRAINT "contract_month_totals_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_ratings" ADD CONSTRAINT "manager_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_ratings" ADD CONSTRAINT "manager_ratings_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_ratings" ADD CONSTRAINT "manager_ratings_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_acceptances" ADD CONSTRAINT "offer_acceptances_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_acceptances" ADD CONSTRAINT "offer_acceptances_profile_id_client_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."client_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_acceptances" ADD CONSTRAINT "offer_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_profile_number_unique" ON "contracts" USING btree ("profile_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_profile_default_unique" ON "contracts" USING btree ("profile_id") WHERE "contracts"."is_default";--> statement-breakpoint
CREATE INDEX "ledger_entries_contract_booked_idx" ON "ledger_entries" USING btree ("contract_id","booked_on","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_contract_due_idx" ON "ledger_entries" USING btree ("contract_id","due_on","amount_kopecks") WHERE "ledger_entries"."kind" = 'charge';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_cargo_service_unique" ON "ledger_entries" USING btree ("cargo_id","service_code") WHERE "ledger_entries"."kind" = 'charge';--> statement-breakpoint
CREATE INDEX "ledger_entries_cargo_idx" ON "ledger_entries" USING btree ("cargo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manager_ratings_once_a_month" ON "manager_ratings" USING btree ("user_id","staff_id","month");--> statement-breakpoint
CREATE INDEX "manager_ratings_staff_idx" ON "manager_ratings" USING btree ("staff_id","created_at");--> statement-breakpoint
CREATE INDEX "offer_acceptances_profile_idx" ON "offer_acceptances" USING btree ("profile_id");--> statement-breakpoint
ALTER TABLE "cargos" ADD CONSTRAINT "cargos_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cargos_owner_analytics_idx" ON "cargos" USING btree ("owner_profile_id","created_at","status","departure_type","delivery_type","customer_role","weight_kg","volume_m3","price_kopecks","city_departure_name","city_delivery_name","planned_arrival_date","status_changed_at");--> statement-breakpoint
-- The monthly totals of a contract follow its ledger in the same transaction (decision 014).
-- Entries are never changed: a mistake is corrected by a credit note. Only the cargo link may
-- change (the cargo's deletion sets it to null).
CREATE FUNCTION ledger_entries_month_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry ledger_entries;
  sign integer;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.contract_id IS DISTINCT FROM OLD.contract_id OR NEW.kind IS DISTINCT FROM OLD.kind
       OR NEW.amount_kopecks IS DISTINCT FROM OLD.amount_kopecks OR NEW.booked_on IS DISTINCT FROM OLD.booked_on
       OR NEW.due_on IS DISTINCT FROM OLD.due_on THEN
      RAISE EXCEPTION 'ledger entries are not changed; write a credit note' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    entry := NEW;
    sign := 1;
  ELSE
    entry := OLD;
    sign := -1;
  END IF;
  INSERT INTO contract_month_totals AS t (contract_id, month, charges_kopecks, credits_kopecks)
  SELECT entry.contract_id, date_trunc('month', entry.booked_on)::date,
         CASE WHEN entry.kind = 'charge' THEN sign * entry.amount_kopecks ELSE 0 END,
         CASE WHEN entry.kind = 'charge' THEN 0 ELSE sign * entry.amount_kopecks END
  WHERE EXISTS (SELECT 1 FROM contracts c WHERE c.id = entry.contract_id)
  ON CONFLICT (contract_id, month) DO UPDATE
    SET charges_kopecks = t.charges_kopecks + excluded.charges_kopecks,
        credits_kopecks = t.credits_kopecks + excluded.credits_kopecks;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_month_totals_insert_delete AFTER INSERT OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_month_totals();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_month_totals();
