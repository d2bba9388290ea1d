/**
 * The console's route table as data (admin spec section 2): each screen's path, its friendly title, the
 * area its header names, the role it needs and where it sits in the side navigation. The shell, the
 * breadcrumbs and the guard read it; the server enforces the same roles on the API.
 */
export type ConsoleRole = 'moderator' | 'admin';

export interface ConsoleScreen {
  path: string;
  title: string;
  /** Breadcrumb text when it differs from the navigation text. */
  crumb?: string;
  role: ConsoleRole;
}

export const SCREENS = {
  dashboard: { path: '/admin', title: 'Dashboard', crumb: 'Dashboard Overview', role: 'admin' },
  articles: { path: '/admin/content/articles', title: 'Manage Articles', crumb: 'Article Management', role: 'moderator' },
  review: { path: '/admin/content/review', title: 'Review Queue', role: 'moderator' },
  topics: { path: '/admin/content/topics', title: 'Topics', crumb: 'Topic Moderation', role: 'moderator' },
  summaries: { path: '/admin/content/summary-fix', title: 'Summary Manager', role: 'admin' },
  feeds: { path: '/admin/content/rss', title: 'RSS Feeds', crumb: 'RSS Feed Management', role: 'admin' },
  lifecycle: { path: '/admin/content/lifecycle', title: 'Lifecycle Manager', crumb: 'Lifecycle Management', role: 'admin' },
  manual: { path: '/admin/content/lifecycle/manual', title: 'Manual Controls', role: 'admin' },
  analytics: { path: '/admin/analytics', title: 'Analytics', crumb: 'Performance Analytics', role: 'admin' },
  revenue: { path: '/admin/analytics/revenue', title: 'Revenue', crumb: 'Revenue Analytics', role: 'admin' },
  users: { path: '/admin/users', title: 'Users', crumb: 'User Management', role: 'admin' },
  pipeline: { path: '/admin/system/pipeline', title: 'Pipeline Control', role: 'admin' },
  operations: { path: '/admin/system/operations', title: 'Operations', role: 'admin' },
  monitoring: { path: '/admin/system/monitoring', title: 'Monitoring', crumb: 'System Monitoring', role: 'admin' },
  security: { path: '/admin/system/security', title: 'Security', role: 'admin' },
  settings: { path: '/admin/system/settings', title: 'Settings', role: 'admin' },
  recovery: { path: '/admin/system/recovery', title: 'Recovery', role: 'admin' },
  newsletter: { path: '/admin/system/newsletter', title: 'Newsletter', role: 'admin' },
  diagnostics: { path: '/admin/system/diagnostics', title: 'Diagnostics & Backup', crumb: 'System Diagnostics', role: 'admin' },
  audit: { path: '/admin/system/audit', title: 'Audit Log', role: 'admin' },
} as const satisfies Record<string, ConsoleScreen>;

export type ScreenKey = keyof typeof SCREENS;

/** Side navigation groups (spec: Main Site; Dashboard; Content ...; System ...). */
export const NAVIGATION: ReadonlyArray<{ group?: string; screens: readonly ScreenKey[] }> = [
  { screens: ['dashboard'] },
  { group: 'Content', screens: ['articles', 'review', 'topics', 'summaries', 'feeds', 'lifecycle', 'manual'] },
  { group: 'Analytics', screens: ['analytics', 'revenue'] },
  { screens: ['users'] },
  { group: 'System', screens: ['pipeline', 'operations', 'monitoring', 'security', 'settings', 'newsletter', 'diagnostics', 'recovery', 'audit'] },
];

export const canOpen = (role: ConsoleRole, screen: ConsoleScreen) => screen.role === 'moderator' || role === 'admin';

/** The header title by area (spec: dashboard, content management, user management, analytics and insights, system administration). */
export function areaTitle(pathname: string): string {
  const area = pathname.split('/')[2] ?? '';
  switch (area) {
    case 'content':
      return 'Content Management';
    case 'users':
      return 'User Management';
    case 'analytics':
      return 'Analytics & Insights';
    case 'system':
      return 'System Administration';
    default:
      return 'Dashboard';
  }
}

/** Friendly titles of path segments (spec's breadcrumb list), beyond the screens' own. */
const SEGMENT_TITLES: Record<string, string> = {
  dashboard: 'Dashboard Overview',
  content: 'Content',
  system: 'System',
  analytics: 'Performance Analytics',
  users: 'User Management',
  newsletter: 'Newsletter',
  monitoring: 'System Monitoring',
  settings: 'Settings',
  executions: 'Executions',
  new: 'Add Article',
  edit: 'Edit Article',
};

/** Segments that name a page of their own below a screen (its editor, its add form). */
const PAGE_SEGMENTS = new Set(['new', 'edit', 'executions']);

const GROUP_HOME: Record<string, string> = { content: '/admin/content/articles', system: '/admin/system/pipeline' };

/**
 * Breadcrumbs from the path: Home, then the second and third segments with friendly titles (a screen's
 * own title when the path names one).
 */
export function breadcrumbs(pathname: string): Array<{ text: string; href: string }> {
  const segments = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const crumbs: Array<{ text: string; href: string }> = [{ text: 'Home', href: SCREENS.dashboard.path }];
  if (segments[0] !== 'admin') return crumbs;
  const screens = Object.values(SCREENS) as ConsoleScreen[];
  for (let depth = 2; depth <= segments.length; depth += 1) {
    const href = `/${segments.slice(0, depth).join('/')}`;
    const segment = segments[depth - 1] as string;
    const screen = screens.find((candidate) => candidate.path === href);
    // Past the third segment only what names a page counts (Edit Article after an article's id, never the id).
    const text = screen ? (screen.crumb ?? screen.title) : depth <= 3 || PAGE_SEGMENTS.has(segment) ? SEGMENT_TITLES[segment] : undefined;
    // A group (/admin/content) has no page of its own: its crumb opens the group's first screen.
    if (text) crumbs.push({ text, href: depth === 2 && !screen ? (GROUP_HOME[segment] ?? href) : href });
  }
  if (segments.length === 1) crumbs.push({ text: 'Dashboard Overview', href: SCREENS.dashboard.path });
  return crumbs;
}

/**
 * The browser tab's title for a console path: the page, the console, the site. A page below a screen names
 * itself first (Edit Article · Manage Articles · Console · Creator News Hub).
 */
export function consoleTitle(pathname: string): string {
  const screen = screenOf(pathname) ?? SCREENS.dashboard;
  const last = pathname.replace(/\/+$/, '').split('/').at(-1) ?? '';
  const page = pathname.startsWith(`${screen.path}/`) && PAGE_SEGMENTS.has(last) ? `${SEGMENT_TITLES[last]} · ` : '';
  return `${page}${screen.title} · Console · Creator News Hub`;
}

/** The screen a path shows (longest matching path), or undefined for an unknown one (the shell sends it to the dashboard). */
export function screenOf(pathname: string): ConsoleScreen | undefined {
  const clean = pathname.replace(/\/+$/, '') || '/admin';
  if (clean === '/admin/dashboard') return SCREENS.dashboard;
  return (Object.values(SCREENS) as ConsoleScreen[])
    .filter((screen) => clean === screen.path || (screen.path !== '/admin' && clean.startsWith(`${screen.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0] ?? (clean === '/admin' ? SCREENS.dashboard : undefined);
}

/** Sidebar state cookie (spec: kept 7 days). */
export const SIDEBAR_COOKIE = 'cnh_sidebar';
export const SIDEBAR_COOKIE_DAYS = 7;

export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open ? 'open' : 'closed'}; Max-Age=${SIDEBAR_COOKIE_DAYS * 86_400}; Path=/admin; SameSite=Lax`;
}

export function sidebarOpenFrom(cookie: string): boolean {
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(open|closed)`).exec(cookie);
  return match ? match[1] === 'open' : true;
}
