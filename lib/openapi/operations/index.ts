import type { ResourceDoc } from '../operation';
import { contactUploadsDoc } from './contact-uploads';
import { contactsDoc } from './contacts';
import { dashboardDoc } from './dashboard';
import { membersDoc } from './members';
import { systemDoc } from './system';

// Every documented resource, in the order of the reference page. A new resource adds its file
// here (webhook subscriptions, templates, conversations, broadcasts, flows …).
export const resources: ResourceDoc[] = [
  membersDoc,
  contactsDoc,
  contactUploadsDoc,
  dashboardDoc,
  systemDoc,
];
