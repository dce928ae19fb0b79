-- A Brazilian mobile stored in its eight-digit form (+55, area code, 7xxx-xxxx, which the phone
-- library read as valid) takes the ninth digit, as lib/phone/canonicalize.ts now writes every
-- spelling of it: the sender's next message then finds the same contact. A contact whose
-- nine-digit number is already stored in its account keeps its own.
UPDATE "contacts" c
SET "canonical_phone" = '+55' || substr(c."canonical_phone", 4, 2) || '9' || substr(c."canonical_phone", 6),
  "search_text" = regexp_replace(c."search_text", '^(55[0-9]{2})([6-9][0-9]{7})( |$)', '\19\2\3')
WHERE c."canonical_phone" ~ '^\+55[0-9]{2}[6-9][0-9]{7}$'
  AND NOT EXISTS (SELECT 1 FROM "contacts" o WHERE o."account_id" = c."account_id"
    AND o."canonical_phone" = '+55' || substr(c."canonical_phone", 4, 2) || '9' || substr(c."canonical_phone", 6));
