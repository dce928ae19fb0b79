import { getDb } from '@/db';
import { accounts, contacts, messages } from '@/db/schema';
import { createCloudChannel } from '@/lib/channels/service';
import { TOKEN } from '../../e2e/api/fake-cloud';

let seq = 0;

/**
 * A queued text message of a new account, on a cloud_api channel whose provider is at `baseUrl`
 * (the fake Cloud API, or an address nothing answers on): what the send job's tests send.
 */
export async function queuedCloudMessage(baseUrl: string, label: string) {
  const db = await getDb();
  const n = `${Date.now()}${++seq}`;
  const [account] = await db.insert(accounts).values({ name: `${label} ${n}`, country: 'MX' }).returning();
  const phoneNumberId = `PN${n}`;
  const channel = await createCloudChannel(db, account.id, {
    name: 'Cloud', phone_number_id: phoneNumberId, business_account_id: `WABA${n}`, access_token: TOKEN, app_secret: 'secret',
    verify_token: 'verify', app_id: '', base_url: baseUrl, api_version: 'v21.0', rate_limit: 80,
  } as never);
  const phone = `+52155${n.slice(-8)}`;
  const [contact] = await db.insert(contacts).values({ accountId: account.id, phone, canonicalPhone: phone }).returning();
  const [message] = await db.insert(messages).values({
    accountId: account.id, contactId: contact.id, channelId: channel.id, direction: 'OUTBOUND', source: 'API', status: 'queued',
    msgType: 'text', toNumber: phone, fromNumber: phoneNumberId, body: 'hello', content: { text: { body: 'hello' } }, queuedOn: new Date(),
  }).returning();
  return { db, message, phoneNumberId, channelId: channel.id };
}
