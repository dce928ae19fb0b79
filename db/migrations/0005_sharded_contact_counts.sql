CREATE TABLE "account_contact_counts" (
	"account_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "account_contact_counts_account_id_shard_pk" PRIMARY KEY("account_id","shard")
);
--> statement-breakpoint
ALTER TABLE "account_contact_counts" ADD CONSTRAINT "account_contact_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Carry the counts kept so far (on the accounts row) into shard 0 before the column goes.
INSERT INTO "account_contact_counts" ("account_id", "shard", "count") SELECT "id", 0, "contact_count" FROM "accounts" WHERE "contact_count" <> 0;--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "contact_count";