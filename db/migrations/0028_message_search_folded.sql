-- The inbox's search over message text ignores accents as it ignores case: "cafe" finds "Café".
-- The folded body is a generated column (the same folding as lib/conversations/fold.ts, which
-- fold.test.ts checks against this file), and its trigram index replaces the one on the body.
DROP INDEX "messages_body_trgm_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "body_folded" text GENERATED ALWAYS AS (translate(lower(body), 'áàâäãåéèêëíìîïóòôöõúùûüýÿñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÑÇ', 'aaaaaaeeeeiiiiooooouuuuyyncaaaaaaeeeeiiiiooooouuuuync')) STORED;--> statement-breakpoint
CREATE INDEX "messages_body_folded_trgm_idx" ON "messages" USING gin ("body_folded" gin_trgm_ops);