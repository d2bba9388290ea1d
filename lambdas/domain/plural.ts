/**
 * A count with its noun, as people read it: "1 invocation", "2 invocations", "1,200 stories". One rule for
 * every screen and message (the console, the reader and the server's texts), so none says "1 invocations".
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? singular : pluralForm}`;
}
