import { notBuiltYet } from '../admin/placeholder.ts';

export const trackPageView = notBuiltYet('Page views');
