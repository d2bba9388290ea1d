/**
 * Lambda event filtering (the event source mapping's FilterCriteria), as much of its pattern language as the
 * stack description uses: exact values in a list, `anything-but`, `prefix` and `exists`, nested in objects.
 * A record passes when any one pattern matches; with no patterns every record passes.
 */
type Pattern = Record<string, unknown>;

function matchesValue(rule: unknown, value: unknown): boolean {
  if (rule && typeof rule === 'object' && !Array.isArray(rule)) {
    const operator = rule as Record<string, unknown>;
    if ('exists' in operator) return (value !== undefined) === operator.exists;
    if (value === undefined || value === null) return false;
    if ('anything-but' in operator) {
      const excluded = Array.isArray(operator['anything-but']) ? operator['anything-but'] : [operator['anything-but']];
      return !excluded.includes(value);
    }
    if ('prefix' in operator) return typeof value === 'string' && value.startsWith(String(operator.prefix));
    throw new Error(`Unsupported filter operator: ${Object.keys(operator).join(', ')}`);
  }
  return value === rule;
}

export function matchesPattern(pattern: Pattern, record: unknown): boolean {
  return Object.entries(pattern).every(([key, rule]) => {
    const value = record && typeof record === 'object' ? (record as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(rule)) return rule.some((alternative) => matchesValue(alternative, value));
    if (rule && typeof rule === 'object') return matchesPattern(rule as Pattern, value);
    throw new Error(`Filter values must be lists or objects, got ${JSON.stringify(rule)} for ${key}`);
  });
}

export function passesFilters(patterns: readonly Pattern[] | undefined, record: unknown): boolean {
  return !patterns?.length || patterns.some((pattern) => matchesPattern(pattern, record));
}
