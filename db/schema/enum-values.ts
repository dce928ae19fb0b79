// The values of every Postgres enum (enums.ts), as plain lists. This module imports nothing, so the
// response schemas (lib/openapi/schemas) and the browser's wire types derive their unions from the
// same lists as the database enums, without loading drizzle. Change a list here, then generate the
// migration as for any schema change.

export const memberRoles = ['ADMIN', 'MANAGER', 'AGENT'] as const;
export const accountStatuses = ['NEW', 'ACTIVE', 'INACTIVE'] as const;
export const teamAssignmentStrategies = ['MANUAL', 'ROUND_ROBIN', 'LEAST_BUSY'] as const;

export const channelTypes = ['CHAT'] as const;
export const channelProviders = ['PROVIDER_CLOUD_API', 'PROVIDER_SANDBOX'] as const;
export const channelStatuses = ['NEW', 'ACTIVE', 'INACTIVE'] as const;

export const templateCategories = [
  'ACCOUNT_UPDATE', 'ALERT_UPDATE', 'APPOINTMENT_UPDATE', 'AUTHENTICATION', 'AUTO_REPLY', 'ISSUE_RESOLUTION',
  'MARKETING', 'OTP', 'PAYMENT_UPDATE', 'PERSONAL_FINANCE_UPDATE', 'RESERVATION_UPDATE', 'SHIPPING_UPDATE',
  'TICKET_UPDATE', 'TRANSACTIONAL', 'TRANSPORTATION_UPDATE', 'UTILITY',
] as const;
export const templateStatuses = [
  'approved', 'deleted', 'disabled', 'draft', 'in_appeal', 'pending', 'pending_deletion', 'rejected', 'submitted',
] as const;

export const phoneStatuses = ['UNKNOWN', 'VALID', 'INVALID'] as const;
export const contactImportStatuses = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;

export const conversationStatuses = ['CREATED', 'FLOW', 'NEW', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export const conversationSources = ['INBOX', 'API', 'BROADCAST', 'FLOW'] as const;

export const messageDirections = ['INBOUND', 'OUTBOUND'] as const;
export const messageStatuses = ['new', 'queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export const messageTypes = [
  'text', 'template', 'image', 'document', 'audio', 'video', 'sticker', 'location', 'contacts', 'interactive',
  'button', 'reaction', 'unknown', 'note',
] as const;
export const messageSources = ['INBOUND', 'API', 'INBOX', 'BROADCAST', 'FLOW'] as const;

export const broadcastStatuses = ['PENDING', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELED', 'FAILED'] as const;
export const broadcastRecipientStatuses = ['pending', 'sent', 'delivered', 'read', 'answered', 'failed', 'skipped'] as const;

export const flowEndActions = ['NONE', 'WEBHOOK'] as const;
export const flowExecutionTypes = ['INBOUND', 'OUTBOUND', 'API'] as const;
export const flowStepTypes = [
  'MESSAGE', 'TEMPLATE', 'QUESTION', 'MENU', 'CONDITIONAL', 'ACTION', 'DELAY', 'TAG', 'CONTACT_UPDATE', 'CONVERSATION',
  'GO_TO', 'TRIGGER_FLOW', 'END',
] as const;
export const flowAnswerTypes = [
  'ANY', 'FREE_TEXT', 'SINGLE_OPTION', 'NUMBER', 'URL', 'EMAIL', 'FILE', 'IMAGE', 'PHONE', 'DATE', 'TIME', 'DATETIME', 'BOOL',
  'LOCATION',
] as const;
export const flowAnswerOptionsRenders = ['BUTTONS', 'LIST', 'EMOJIS', 'NUMBERS'] as const;
export const flowConditionComparisons = ['exact', '!exact', 'gte', 'gt', 'lte', 'lt', 'isnull', '!isnull', 'icontains', '!icontains'] as const;
export const flowWaitUnits = ['SECOND', 'MINUTE', 'HOUR', 'DAY'] as const;
/** A DELAY step's kinds (kept in the step's settings, not a database enum); WORKING_HOURS: until inside the account's working hours. */
export const flowDelayTypes = ['DURATION', 'UNTIL', 'TIME_WINDOW', 'WORKING_HOURS'] as const;
export const flowActionMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const flowExecutionStatuses = ['PROCESSING', 'READY', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELED'] as const;
export const flowExecuteFors = ['FILTERS', 'LIST', 'ALL'] as const;
export const flowInboundTriggers = ['ANY_MESSAGE', 'TEXT', 'IMAGE', 'FILE'] as const;
export const flowExecutionContactStatuses = ['READY', 'RUNNING', 'PAUSED', 'COMPLETED', 'EXPIRED', 'FAILED', 'CANCELED'] as const;
export const flowExecutionStepStatuses = ['WAITING_TO_START', 'RUNNING', 'COMPLETED', 'FAILED', 'EXPIRED', 'CANCELED'] as const;

export const webhookEventTypes = [
  'contact.created', 'contact.updated', 'contact.deleted',
  'flow_execution_contact.completed', 'flow_execution_contact.running_inbound',
  'message.received', 'message.status', 'conversation.created', 'conversation.updated',
] as const;
export const webhookDeliveryStatuses = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
