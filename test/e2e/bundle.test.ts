import { describe, expect, it } from 'vitest';
import { HOME_JS_GOAL_KB, homeInitialLoad } from '../bench/bundle.ts';

/** On the build the e2e runtime serves (npm test builds it first): a size check, not a timing. */
describe('the reader\'s initial JavaScript', () => {
  it(`stays within ${HOME_JS_GOAL_KB} KB gzip and carries nothing of the console (Cloudscape)`, () => {
    const { js, totalJsKb } = homeInitialLoad();
    expect(js.length).toBeGreaterThan(0);
    expect(js.filter((entry) => entry.cloudscape).map((entry) => entry.file)).toEqual([]);
    expect(totalJsKb).toBeLessThanOrEqual(HOME_JS_GOAL_KB);
  });
});
