import { pgEnum } from 'drizzle-orm/pg-core';
import * as values from './enum-values';

// Every status field is a Postgres enum holding its wire values (docs/statuses.md); TypeScript
// unions and zod enums derive from `enumValues` (or from the same lists in enum-values.ts, where
// drizzle must not be loaded: the response schemas and the browser), never retyped.

export const memberRole = pgEnum('member_role', values.memberRoles);
export const accountStatus = pgEnum('account_status', values.accountStatuses);
export const teamAssignmentStrategy = pgEnum('team_assignment_strategy', values.teamAssignmentStrategies);

export const channelType = pgEnum('channel_type', values.channelTypes);
export const channelProvider = pgEnum('channel_provider', values.channelProviders);
export const channelStatus = pgEnum('channel_status', values.channelStatuses);

export const templateCategory = pgEnum('template_category', values.templateCategories);
export const templateStatus = pgEnum('template_status', values.templateStatuses);

export const phoneStatus = pgEnum('phone_status', values.phoneStatuses);
export const contactImportStatus = pgEnum('contact_import_status', values.contactImportStatuses);

export const conversationStatus = pgEnum('conversation_status', values.conversationStatuses);
export const conversationSource = pgEnum('conversation_source', values.conversationSources);

export const messageDirection = pgEnum('message_direction', values.messageDirections);
export const messageStatus = pgEnum('message_status', values.messageStatuses);
export const messageType = pgEnum('message_type', values.messageTypes);
export const messageSource = pgEnum('message_source', values.messageSources);

export const broadcastStatus = pgEnum('broadcast_status', values.broadcastStatuses);
export const broadcastRecipientStatus = pgEnum('broadcast_recipient_status', values.broadcastRecipientStatuses);

export const flowEndAction = pgEnum('flow_end_action', values.flowEndActions);
export const flowExecutionType = pgEnum('flow_execution_type', values.flowExecutionTypes);
export const flowStepType = pgEnum('flow_step_type', values.flowStepTypes);
export const flowExecutionStatus = pgEnum('flow_execution_status', values.flowExecutionStatuses);
export const flowExecuteFor = pgEnum('flow_execute_for', values.flowExecuteFors);
export const flowInboundTrigger = pgEnum('flow_inbound_trigger', values.flowInboundTriggers);
export const flowExecutionContactStatus = pgEnum('flow_execution_contact_status', values.flowExecutionContactStatuses);
export const flowExecutionStepStatus = pgEnum('flow_execution_step_status', values.flowExecutionStepStatuses);

export const webhookEventType = pgEnum('webhook_event_type', values.webhookEventTypes);
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', values.webhookDeliveryStatuses);
