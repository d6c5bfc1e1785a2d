// JSON values stored as differences from another one (``render/patches.py`` writes them): a patch is
// ``[value]`` (replace) or an object of changes — ``{key: patch}``, ``{key: []}`` to remove, and for
// arrays ``"<": k`` (drop the first k items first) and ``"#": length``. Unchanged parts are shared.

type Json = unknown;

/** ``base`` with ``patch`` applied; ``base`` is not changed. */
export function patched(base: Json, patch: Json): Json {
  if (Array.isArray(patch)) {
    if (patch.length !== 1) throw new Error(`a replacing patch holds one value, not ${patch.length}`);
    return patch[0];
  }
  if (patch === null || typeof patch !== "object") throw new Error("a patch is a list or an object");
  const changes = patch as Record<string, Json>;
  const keys = Object.keys(changes);
  if (keys.length === 0) return base;
  if (Array.isArray(base)) {
    const shift = Number(changes["<"] ?? 0);
    const items = base.slice(shift);
    const length = Number(changes["#"] ?? items.length);
    items.length = Math.min(items.length, length);
    while (items.length < length) items.push(null);
    for (const key of keys) {
      if (key === "<" || key === "#") continue;
      const i = Number(key);
      items[i] = patched(items[i], changes[key]);
    }
    return items;
  }
  if (base === null || typeof base !== "object") throw new Error("an object patch cannot change a value that is no object");
  const out: Record<string, Json> = { ...(base as Record<string, Json>) };
  for (const key of keys) {
    const inner = changes[key];
    if (Array.isArray(inner) && inner.length === 0) delete out[key];
    else out[key] = patched(out[key], inner);
  }
  return out;
}
