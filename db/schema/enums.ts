import { pgEnum } from 'drizzle-orm/pg-core';

// Every status field is a Postgres enum holding its wire values (docs/statuses.md); TypeScript
// unions and zod enums derive from `enumValues`, never retyped, so the two cannot disagree.

export const memberRole = pgEnum('member_role', ['ADMIN', 'MANAGER', 'AGENT']);
export const accountStatus = pgEnum('account_status', ['NEW', 'ACTIVE', 'INACTIVE']);
export const teamAssignmentStrategy = pgEnum('team_assignment_strategy', ['MANUAL', 'ROUND_ROBIN', 'LEAST_BUSY']);

export const channelType = pgEnum('channel_type', ['CHAT']);
export const channelProvider = pgEnum('channel_provider', ['PROVIDER_CLOUD_API', 'PROVIDER_SANDBOX']);
export const channelStatus = pgEnum('channel_status', ['NEW', 'ACTIVE', 'INACTIVE']);

export const templateCategory = pgEnum('template_category', [
  'ACCOUNT_UPDATE', 'ALERT_UPDATE', 'APPOINTMENT_UPDATE', 'AUTHENTICATION', 'AUTO_REPLY', 'ISSUE_RESOLUTION',
  'MARKETING', 'OTP', 'PAYMENT_UPDATE', 'PERSONAL_FINANCE_UPDATE', 'RESERVATION_UPDATE', 'SHIPPING_UPDATE',
  'TICKET_UPDATE', 'TRANSACTIONAL', 'TRANSPORTATION_UPDATE', 'UTILITY',
]);
export const templateStatus = pgEnum('template_status', [
  'approved', 'deleted', 'disabled', 'draft', 'in_appeal', 'pending', 'pending_deletion', 'rejected', 'submitted',
]);

export const phoneStatus = pgEnum('phone_status', ['UNKNOWN', 'VALID', 'INVALID']);
export const contactImportStatus = pgEnum('contact_import_status', ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED']);

export const conversationStatus = pgEnum('conversation_status', [
  'CREATED', 'FLOW', 'NEW', 'IN_PROGRESS', 'RESOLVED', 'CLOSED',
]);
export const conversationSource = pgEnum('conversation_source', ['INBOX', 'API', 'BROADCAST', 'FLOW']);

export const messageDirection = pgEnum('message_direction', ['INBOUND', 'OUTBOUND']);
export const messageStatus = pgEnum('message_status', [
  'new', 'queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'received',
]);
export const messageType = pgEnum('message_type', [
  'text', 'template', 'image', 'document', 'audio', 'video', 'sticker', 'location', 'contacts', 'interactive',
  'button', 'reaction', 'unknown',
]);
export const messageSource = pgEnum('message_source', ['INBOUND', 'API', 'INBOX', 'BROADCAST', 'FLOW']);

export const broadcastStatus = pgEnum('broadcast_status', [
  'PENDING', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELED', 'FAILED',
]);
export const broadcastRecipientStatus = pgEnum('broadcast_recipient_status', [
  'pending', 'sent', 'delivered', 'read', 'answered', 'failed', 'skipped',
]);

export const flowEndAction = pgEnum('flow_end_action', ['NONE', 'WEBHOOK']);
export const flowExecutionType = pgEnum('flow_execution_type', ['INBOUND', 'OUTBOUND']);
export const flowStepType = pgEnum('flow_step_type', [
  'MESSAGE', 'QUESTION', 'CONDITIONAL', 'ACTION', 'DELAY', 'ASSIGN', 'TAG', 'END',
]);
export const flowAnswerType = pgEnum('flow_answer_type', [
  'FREE_TEXT', 'OPTIONS', 'NUMBER', 'EMAIL', 'PHONE', 'DATE', 'FILE', 'LOCATION', 'NONE',
]);
export const flowExecutionStatus = pgEnum('flow_execution_status', [
  'PENDING', 'SCHEDULED', 'RUNNING', 'COMPLETED', 'CANCELLED', 'FAILED',
]);
export const flowExecuteFor = pgEnum('flow_execute_for', ['FILTERS', 'LIST', 'ALL']);
export const flowInboundTrigger = pgEnum('flow_inbound_trigger', ['ANY_MESSAGE', 'TEXT', 'IMAGE', 'FILE']);
export const flowContactListSource = pgEnum('flow_contact_list_source', ['LIST', 'FILE']);
export const flowExecutionContactStatus = pgEnum('flow_execution_contact_status', [
  'READY', 'RUNNING', 'WAITING', 'COMPLETED', 'EXPIRED', 'FAILED', 'CANCELLED',
]);

export const webhookEventType = pgEnum('webhook_event_type', [
  'contact.created', 'contact.updated', 'contact.deleted',
  'flow_execution_contact.completed', 'flow_execution_contact.running_inbound',
]);
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['PENDING', 'SUCCEEDED', 'FAILED']);
