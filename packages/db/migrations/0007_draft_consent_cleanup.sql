-- One-off cleanup of order_drafts rows saved before the consent rule (issue 20, 152-FZ):
-- a draft without draft.consent = true loses the participants' details and the door addresses
-- of natural persons, exactly as draftForServer (packages/domain/src/order-draft.ts) does.
UPDATE order_drafts
SET payload = jsonb_set(
  jsonb_set(
    payload,
    '{draft,contacts}',
    '{"sender":{"name":"","phone":"","email":"","inn":"","kpp":""},"recipient":{"name":"","phone":"","email":"","inn":"","kpp":""},"payer":{"name":"","phone":"","email":"","inn":"","kpp":""},"customer":{"name":"","phone":"","email":"","inn":"","kpp":""}}'::jsonb
  ),
  '{draft,destination}',
  coalesce(payload #> '{draft,destination}', '{}'::jsonb)
    || CASE WHEN payload #>> '{draft,participants,senderType}' = 'legal' THEN '{}'::jsonb ELSE '{"departure_address":""}'::jsonb END
    || CASE WHEN payload #>> '{draft,participants,recipientType}' = 'legal' THEN '{}'::jsonb ELSE '{"delivery_address":""}'::jsonb END
)
WHERE jsonb_typeof(payload -> 'draft') = 'object'
  AND coalesce(payload #>> '{draft,consent}', 'false') <> 'true';
