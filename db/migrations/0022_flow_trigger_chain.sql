-- How many flows a contact went through without waiting to reach this one (TRIGGER_FLOW chains).
ALTER TABLE "flow_execution_contacts" ADD COLUMN "trigger_chain" smallint DEFAULT 0 NOT NULL;
