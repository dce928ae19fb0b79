-- Flow objects inside stored webhook events carried the flow's end-webhook signing key, which the
-- flow object no longer does (it is for admins only, GET /api/flow/{id}/secret): remove it from the
-- events already recorded, which members read in the delivery log and a resend sends again.
UPDATE "webhook_events" SET "payload" = "payload" #- '{data,flow_execution,flow,flow_end_webhook_secret}'
WHERE "payload" #> '{data,flow_execution,flow}' ? 'flow_end_webhook_secret';
