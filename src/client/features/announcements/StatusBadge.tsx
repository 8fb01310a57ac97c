import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = { draft: 'gray', scheduled: 'blue', posted: 'green', failed: 'red' };

/** draft / scheduled / posted / failed, each in its own colour. */
export function AnnouncementStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant={status === 'posted' ? 'filled' : 'light'}>
      {status}
    </Badge>
  );
}
