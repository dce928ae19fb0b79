// The endless-loop guard of engine/run.ts, across flows: TRIGGER_FLOW steps that start one flow after
// another, none of them ever waiting (A starts B, B starts A), would run and send for ever. The
// chain is counted on each contact (flow_execution_contacts.trigger_chain) and the contact fails
// at its limit, far beyond any design that hands a contact from flow to flow on purpose.

export const MAX_FLOWS_WITHOUT_WAIT = 20;
export const ENDLESS_TRIGGER_REASON = `The contact went through ${MAX_FLOWS_WITHOUT_WAIT} flows, each starting the next, without waiting for anything: the flows start each other in a loop that would never end.`;

/** A TRIGGER_FLOW step whose flow was deleted, or has nothing published, since its version was published. */
export const TRIGGER_TARGET_GONE = 'The flow to start no longer exists or has nothing published.';
