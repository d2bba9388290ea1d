import { isActiveUser, matchesUserSearch, recentSince, type UserTab } from '#domain/operations/user-admin.ts';
import { type Page, queryPage } from '../table/paging.ts';
import { Profile, type ProfileItem } from '../profiles.ts';

/** How many profiles one Query page reads while a filter (search, active) thins it out. */
const READ_PAGE = 100;
/** At most this many Query pages per request; the cursor carries on from where the reading stopped. */
const MAX_READ_PAGES = 10;

export interface UserListOptions {
  tab: UserTab;
  search?: string | undefined;
  cursor?: string | null | undefined;
  limit: number;
  now?: Date;
}

/**
 * The console's user list, newest first. Every read is a Query on the profile indexes: all and active on
 * the join-time index, recent on the same index from 7 days ago (a key condition), admins on the role
 * index (admins and moderators: a few, read whole and merged). Search and the active filter are applied
 * to what the Query read, case-insensitively (DynamoDB compares case-sensitively), reading on until the
 * page is full or MAX_READ_PAGES were read; the cursor then continues the Query.
 */
export async function listUsersForConsole(options: UserListOptions): Promise<Page<ProfileItem>> {
  const keep = (profile: ProfileItem) => matchesUserSearch(profile, options.search) && (options.tab !== 'active' || isActiveUser(profile));
  if (options.tab === 'admins') {
    const [admins, moderators] = await Promise.all(
      (['admin', 'moderator'] as const).map((role) => Profile.query.byRole({ role }).go({ order: 'desc', pages: 'all' })),
    );
    const items = [...admins!.data, ...moderators!.data]
      .filter(keep)
      .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || b.userId.localeCompare(a.userId));
    return { items, cursor: null };
  }
  const since = options.tab === 'recent' ? recentSince(options.now ?? new Date()) : null;
  const query = () => (since ? Profile.query.byJoined({}).gte({ createdAt: since }) : Profile.query.byJoined({}));
  const items: ProfileItem[] = [];
  let cursor: string | null = options.cursor ?? null;
  const filtered = Boolean(options.search?.trim()) || options.tab === 'active';
  for (let read = 0; read < MAX_READ_PAGES; read += 1) {
    const page: Page<ProfileItem> = await queryPage(() => query().go({ order: 'desc', limit: filtered ? READ_PAGE : options.limit, cursor }));
    items.push(...page.items.filter(keep));
    cursor = page.cursor;
    if (!cursor || items.length >= options.limit) break;
  }
  return { items, cursor };
}
