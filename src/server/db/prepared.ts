/**
 * Prepared statements for the hottest reads (every open page polls them): PostgreSQL parses and
 * plans them once per connection instead of on every request. One per database handle.
 */
export function preparedPerDatabase<D extends object, S>(make: (db: D) => S): (db: D) => S {
  const made = new WeakMap<D, S>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = make(db);
      made.set(db, statement);
    }
    return statement;
  };
}
