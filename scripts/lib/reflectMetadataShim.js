// Bundled in place of `reflect-metadata` (13 KiB minified). tsyringe only stores and reads
// metadata through these calls; with explicit @inject on every parameter and no
// emitDecoratorMetadata, nothing else of the Reflect Metadata proposal is needed.
const store = new WeakMap();

function table(target, create) {
  let map = store.get(target);
  if (!map && create) {
    map = new Map();
    store.set(target, map);
  }
  return map;
}

function getOwnMetadata(key, target) {
  return table(target, false)?.get(key);
}

function hasOwnMetadata(key, target) {
  return table(target, false)?.has(key) ?? false;
}

function getMetadata(key, target) {
  for (let at = target; at; at = Object.getPrototypeOf(at)) {
    if (hasOwnMetadata(key, at)) return getOwnMetadata(key, at);
  }
  return undefined;
}

function hasMetadata(key, target) {
  for (let at = target; at; at = Object.getPrototypeOf(at)) if (hasOwnMetadata(key, at)) return true;
  return false;
}

function defineMetadata(key, value, target) {
  table(target, true).set(key, value);
}

function metadata(key, value) {
  return (target) => defineMetadata(key, value, target);
}

if (typeof Reflect.getMetadata !== 'function') {
  Object.assign(Reflect, { getOwnMetadata, hasOwnMetadata, getMetadata, hasMetadata, defineMetadata, metadata });
}
