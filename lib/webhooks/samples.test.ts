import { describe, it } from 'vitest';
import { Contact } from '@/lib/openapi/schemas/contacts';
import { Conversation, Message } from '@/lib/openapi/schemas/messaging';
import { expectStrictShape } from '@/lib/test-support/expect-shape';
import { testEventData } from './samples';

describe('test events', () => {
  const now = new Date('2026-11-29T12:00:00Z');
  it('carry a sample in the real shape of their type', () => {
    for (const type of ['contact.created', 'contact.updated', 'contact.deleted'] as const) expectStrictShape(Contact, testEventData(type, now), type);
    for (const type of ['message.received', 'message.status'] as const) expectStrictShape(Message, testEventData(type, now), type);
    for (const type of ['conversation.created', 'conversation.updated'] as const) expectStrictShape(Conversation, testEventData(type, now), type);
  });
});
