-- A Brazilian mobile stored in its eight-digit form (+55, area code, 7xxx-xxxx, which the phone
-- library read as valid) takes the ninth digit, as lib/phone/canonicalize.ts now writes every
-- spelling of it, so that the sender's next message finds the same contact.
-- A contact whose nine-digit number is already another contact of its account keeps its own; an
-- opt-out it holds is carried over to that contact, which the number now reaches.
UPDATE "contacts" n
SET "opted_out_on" = o."opted_out_on", "last_updated_on" = now()
FROM "contacts" o
WHERE o."canonical_phone" ~ '^\+55[0-9]{2}[6-9][0-9]{7}$' AND o."opted_out_on" IS NOT NULL
  AND n."account_id" = o."account_id" AND n."opted_out_on" IS NULL
  AND n."canonical_phone" = '+55' || substr(o."canonical_phone", 4, 2) || '9' || substr(o."canonical_phone", 6);--> statement-breakpoint
UPDATE "contacts" c
SET "canonical_phone" = '+55' || substr(c."canonical_phone", 4, 2) || '9' || substr(c."canonical_phone", 6),
  "search_text" = regexp_replace(c."search_text", '^(55[0-9]{2})([6-9][0-9]{7})( |$)', '\19\2\3'),
  "last_updated_on" = now()
WHERE c."canonical_phone" ~ '^\+55[0-9]{2}[6-9][0-9]{7}$'
  AND NOT EXISTS (SELECT 1 FROM "contacts" o WHERE o."account_id" = c."account_id"
    AND o."canonical_phone" = '+55' || substr(c."canonical_phone", 4, 2) || '9' || substr(c."canonical_phone", 6));--> statement-breakpoint
-- A broadcast's recipients find their contact by this number when their turn comes (and a retry
-- copies it): they move with it, unless the broadcast holds the nine-digit number already.
UPDATE "broadcast_recipients" r
SET "canonical_phone" = '+55' || substr(r."canonical_phone", 4, 2) || '9' || substr(r."canonical_phone", 6), "updated_on" = now()
WHERE r."canonical_phone" ~ '^\+55[0-9]{2}[6-9][0-9]{7}$'
  AND NOT EXISTS (SELECT 1 FROM "broadcast_recipients" o WHERE o."broadcast_id" = r."broadcast_id"
    AND o."canonical_phone" = '+55' || substr(r."canonical_phone", 4, 2) || '9' || substr(r."canonical_phone", 6));
