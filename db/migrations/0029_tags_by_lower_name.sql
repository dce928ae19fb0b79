-- A tag name finds its tag whatever its case (lib/tags/service.ts), as the tag filters compare names.
CREATE INDEX "tags_account_lower_name_idx" ON "tags" USING btree ("account_id",lower("name"));