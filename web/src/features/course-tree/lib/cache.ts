/** An updater for a cached list: the item with `id` goes through `patch`, the others stay. */
export function patchItem<Item extends { id: string }>(id: string, patch: (item: Item) => Item) {
  return (list: Item[] | undefined) => list?.map((item) => (item.id === id ? patch(item) : item));
}

/** An updater for one cached item: `patch` applies once it is there. */
export function patchOne<Item>(patch: (item: Item) => Item) {
  return (item: Item | undefined) => (item === undefined ? undefined : patch(item));
}
