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
export const flowExecutionTypes = ['INBOUND', 'OUTBOUND'] as const;
export const flowStepTypes = ['MESSAGE', 'QUESTION', 'CONDITIONAL', 'ACTION', 'DELAY', 'ASSIGN', 'TAG', 'END'] as const;
export const flowAnswerTypes = [
  'FREE_TEXT', 'OPTIONS', 'NUMBER', 'EMAIL', 'PHONE', 'DATE', 'FILE', 'LOCATION', 'NONE',
] as const;
export const flowExecutionStatuses = ['PENDING', 'SCHEDULED', 'RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED'] as const;
export const flowExecuteFors = ['FILTERS', 'LIST', 'ALL'] as const;
export const flowInboundTriggers = ['ANY_MESSAGE', 'TEXT', 'IMAGE', 'FILE'] as const;
export const flowContactListSources = ['LIST', 'FILE'] as const;
export const flowExecutionContactStatuses = [
  'READY', 'RUNNING', 'WAITING', 'COMPLETED', 'EXPIRED', 'FAILED', 'CANCELLED',
] as const;

export const webhookEventTypes = [
  'contact.created', 'contact.updated', 'contact.deleted',
  'flow_execution_contact.completed', 'flow_execution_contact.running_inbound',
  'message.received', 'message.status', 'conversation.created', 'conversation.updated',
] as const;
export const webhookDeliveryStatuses = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
