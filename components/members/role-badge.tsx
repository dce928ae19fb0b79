import { Badge } from '@/components/ui/badge';
import type { Role } from '@/lib/client/types';

const tone = { ADMIN: 'indigo', MANAGER: 'amber', AGENT: 'gray' } as const;

export function RoleBadge({ role }: { role: Role }) {
  return <Badge tone={tone[role] ?? 'gray'}>{role.charAt(0) + role.slice(1).toLowerCase()}</Badge>;
}
