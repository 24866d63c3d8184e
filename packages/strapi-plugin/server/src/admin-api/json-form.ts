/**
 * The JSON form of a value: what `JSON.stringify` makes of it, and so what a page reads from the
 * admin API. A Date becomes its ISO string; objects and arrays keep their shape, member by member.
 */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Json<Item>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;
