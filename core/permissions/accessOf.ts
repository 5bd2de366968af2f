import { map, type Observable } from 'rxjs';

/** A product's access rules: each a pure check over the token's permission strings (common/<product>/access.ts). */
export type AccessRules = Readonly<Record<string, (perms: readonly string[]) => boolean>>;

/** The answer of each rule, under the rule's name. */
export type Access<R extends AccessRules> = { readonly [K in keyof R]: boolean };

/**
 * Answers the rules for a permission list, and answers the previous object again when no rule's
 * answer changed: a token refresh that keeps what the user may do re-renders nothing.
 */
export function accessOf<R extends AccessRules>(rules: R): (perms: readonly string[]) => Access<R> {
  const names = Object.keys(rules) as (keyof R & string)[];
  let last: { perms: readonly string[]; answer: Access<R> } | undefined;
  return (perms) => {
    if (last?.perms === perms) return last.answer;
    const next = Object.fromEntries(names.map((name) => [name, rules[name]!(perms)])) as Access<R>;
    const answer = last && names.every((name) => last!.answer[name] === next[name]) ? last.answer : Object.freeze(next);
    last = { perms, answer };
    return answer;
  };
}

/** The rules' answers as a stream that follows `perms$`, for services (pages use `useAccess`). */
export function access$<R extends AccessRules>(perms$: Observable<readonly string[]>, rules: R): Observable<Access<R>> {
  return perms$.pipe(map(accessOf(rules)));
}
