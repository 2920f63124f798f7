-- One-off cleanup of order_drafts rows saved before the consent rule (issue 20, 152-FZ):
-- a draft without draft.consent = true loses the participants' details and the door addresses
-- of natural persons, exactly as draftForServer (packages/domain/src/order-draft.ts) does.
-- updated_at is left alone: the browser that typed the data keeps its own copy and wins over
-- this one as before (apps/web/src/features/order/lib/draft-storage.ts, pickDraft).
UPDATE order_drafts
SET payload = jsonb_set(
  jsonb_set(
    payload,
    '{draft,contacts}',
    '{"sender":{"name":"","phone":"","email":"","inn":"","kpp":""},"recipient":{"name":"","phone":"","email":"","inn":"","kpp":""},"payer":{"name":"","phone":"","email":"","inn":"","kpp":""},"customer":{"name":"","phone":"","email":"","inn":"","kpp":""}}'::jsonb
  ),
  '{draft,destination}',
  CASE WHEN jsonb_typeof(payload #> '{draft,destination}') = 'object' THEN payload #> '{draft,destination}' ELSE '{}'::jsonb END
    || CASE WHEN payload #>> '{draft,participants,senderType}' = 'legal' THEN '{}'::jsonb ELSE '{"departure_address":""}'::jsonb END
    || CASE WHEN payload #>> '{draft,participants,recipientType}' = 'legal' THEN '{}'::jsonb ELSE '{"delivery_address":""}'::jsonb END
)
WHERE jsonb_typeof(payload -> 'draft') = 'object'
  AND coalesce(payload #>> '{draft,consent}', 'false') <> 'true';
