import { useNavigate } from 'react-router-dom';
import { isExternalAction, newestFirst, notificationAge, unreadBadge } from '#domain/reader/notifications.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { unreadCountOf, useNotificationActions, useNotifications, type NotificationView } from '../api/notifications.ts';

/** The Notification Center (reader spec section 2): list, mark read, mark all read, delete, action links. */
export function NotificationCenter() {
  const list = useNotifications();
  const toast = useToast();
  const { markRead, markAllRead, remove } = useNotificationActions({
    onAllRead: () => toast('Success', 'All notifications marked as read'),
    onFailed: (action) => toast('Error', action === 'delete' ? 'Failed to load notifications' : 'Failed to mark notifications as read'),
  });
  const navigate = useNavigate();
  // Newest first by the server's timestamp, live arrivals included.
  const items = newestFirst(list.data?.pages.flatMap((page) => page.items) ?? []);
  const unread = unreadCountOf(list.data);

  const open = (item: NotificationView) => {
    if (!item.isRead) markRead.mutate(item.id);
    if (!item.actionUrl) return;
    if (isExternalAction(item.actionUrl)) window.open(item.actionUrl, '_blank', 'noopener,noreferrer');
    else navigate(item.actionUrl);
  };

  return (
    <section className="notification-center" aria-labelledby="notifications-heading">
      <div className="panel-head">
        <h2 id="notifications-heading">
          Notifications{' '}
          <span className="badge count" data-testid="unread-count" aria-label={`${unread} unread`}>
            {unreadBadge(unread, 99)}
          </span>
        </h2>
        <button type="button" onClick={() => markAllRead.mutate()} disabled={unread === 0 || markAllRead.isPending}>
          Mark all read
        </button>
      </div>
      {list.isPending && <p aria-busy="true">Loading notifications...</p>}
      {list.isError && <p role="alert">Failed to load notifications</p>}
      {!list.isPending && !list.isError && items.length === 0 && (
        <div className="notice empty">
          <strong>No notifications</strong>
          <p>New articles in your categories and breaking stories will show up here.</p>
        </div>
      )}
      <ul className="notification-list" data-testid="notification-list">
        {items.map((item) => (
          <li key={item.id} className={`notification ${item.type} ${item.isRead ? 'read' : 'unread'}`}>
            <button type="button" className="notification-body" onClick={() => open(item)}>
              <strong>{item.title}</strong>
              <span>{item.message}</span>
              <time dateTime={item.createdAt}>{notificationAge(item.createdAt)}</time>
            </button>
            <div className="notification-actions">
              {!item.isRead && (
                <button type="button" onClick={() => markRead.mutate(item.id)}>
                  Mark read<span className="visually-hidden">: {item.title}</span>
                </button>
              )}
              <button type="button" onClick={() => remove.mutate(item.id)}>
                Delete<span className="visually-hidden">: {item.title}</span>
              </button>
            </div>
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button type="button" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          Load more
        </button>
      )}
    </section>
  );
}
