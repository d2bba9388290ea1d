/**
 * The part of the Reflect metadata API that tsyringe (the dependency container inside @peculiar/x509) needs:
 * it refuses to load without `Reflect.getMetadata`. Nothing else here uses metadata, and the package that
 * usually provides it (reflect-metadata) is not a dependency of this project, so this small stand-in is
 * imported first, for its effect, by the module that imports @peculiar/x509 (certificates.ts).
 */
type Target = object;
type Key = string | symbol | undefined;

const store = new WeakMap<Target, Map<Key, Map<unknown, unknown>>>();

function own(target: Target, property: Key): Map<unknown, unknown> | undefined {
  return store.get(target)?.get(property);
}

const metadata = {
  defineMetadata(key: unknown, value: unknown, target: Target, property?: Key): void {
    let byProperty = store.get(target);
    if (!byProperty) store.set(target, (byProperty = new Map()));
    let values = byProperty.get(property);
    if (!values) byProperty.set(property, (values = new Map()));
    values.set(key, value);
  },
  getOwnMetadata(key: unknown, target: Target, property?: Key): unknown {
    return own(target, property)?.get(key);
  },
  getMetadata(key: unknown, target: Target, property?: Key): unknown {
    for (let current: Target | null = target; current; current = Object.getPrototypeOf(current) as Target | null) {
      const values = own(current, property);
      if (values?.has(key)) return values.get(key);
    }
    return undefined;
  },
  hasMetadata(key: unknown, target: Target, property?: Key): boolean {
    return metadata.getMetadata(key, target, property) !== undefined;
  },
  metadata(key: unknown, value: unknown) {
    return (target: Target, property?: Key) => metadata.defineMetadata(key, value, target, property);
  },
};

const reflect = Reflect as unknown as Record<string, unknown>;
for (const [name, fn] of Object.entries(metadata)) {
  if (typeof reflect[name] !== 'function') reflect[name] = fn;
}
