import { Tag } from '@blueprintjs/core';

import type { AdminUser } from '../../api/AdminApi';

/** UserStatusTagsProps: the user whose state to show. */
export interface UserStatusTagsProps {
  user: Pick<AdminUser, 'status' | 'disabled' | 'locked'>;
}

/** active / invited / disabled / locked, as tags (a disabled user may be locked too). */
export function UserStatusTags({ user }: UserStatusTagsProps) {
  return (
    <span className="admin-actions">
      {user.disabled ? (
        <Tag intent="danger" minimal>
          disabled
        </Tag>
      ) : user.status === 'invited' ? (
        <Tag intent="primary" minimal>
          invited
        </Tag>
      ) : (
        <Tag intent="success" minimal>
          active
        </Tag>
      )}
      {user.locked && (
        <Tag intent="warning" minimal>
          locked
        </Tag>
      )}
    </span>
  );
}
