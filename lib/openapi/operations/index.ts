import type { ResourceDoc } from '../operation';
import { accountDoc } from './account';
import { broadcastsDoc } from './broadcasts';
import { channelsDoc } from './channels';
import { composerDoc } from './composer';
import { contactUploadsDoc } from './contact-uploads';
import { contactsDoc } from './contacts';
import { conversationsDoc } from './conversations';
import { dashboardDoc } from './dashboard';
import { flowsDoc } from './flows';
import { membersDoc } from './members';
import { systemDoc } from './system';
import { templatesDoc } from './templates';
import { webhooksDoc } from './webhooks';

// Every documented resource, in the order of the reference page. A new resource adds its file
// here (webhook subscriptions, templates, conversations, broadcasts, flows …).
export const resources: ResourceDoc[] = [
  membersDoc,
  accountDoc,
  contactsDoc,
  contactUploadsDoc,
  templatesDoc,
  conversationsDoc,
  composerDoc,
  broadcastsDoc,
  flowsDoc,
  channelsDoc,
  webhooksDoc,
  dashboardDoc,
  systemDoc,
];
