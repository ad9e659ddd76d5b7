import type { Item } from './db.ts';
import type { ListPage, PageRequest } from './list-page.ts';
import { queryPage } from './list-page.ts';

/**
 * Search items (docs/decisions.md 2026-11-26 "Member search items"): a record has one item per
 * token in its search partition under `<token>#<id>`, each carrying every token of the record
 * (`tokens`) and its own (`token`). A search is a prefix Query on its longest word; the other words
 * must each begin one of the record's tokens; a record found under two tokens is kept under the
 * first only, so a page never shows it twice.
 */

/** Lower case, accents and everything but letters, digits and `@ . _ -` removed. */
function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@._-]/gu, '');
}

/**
 * The words of a search text, normalised, longest first; empty words left out. `+` separates words
 * as a space does: query strings often carry a space as `+`, which API Gateway passes on as it is.
 */
export function searchWords(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[\s+]+/)
        .map(normalise)
        .filter((w) => w !== ''),
    ),
  ].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** A record's tokens, normalised, each once, sorted (the order a hit is kept under). */
export function tokensOf(texts: readonly string[]): string[] {
  return [...new Set(texts.map(normalise).filter((token) => token !== ''))].sort();
}

export interface TokenHit {
  tokens: string[];
  token: string;
}

/**
 * One page of the search items in `partition` matching every word of `text` (raw items, to be read
 * by the caller's entity), and the page's meta; `matches` keeps a hit that `words` match.
 */
export async function tokenSearchPage(
  partition: string,
  text: string,
  request: PageRequest,
): Promise<{ found: ListPage<Item>; matches: (hit: TokenHit) => boolean }> {
  const [word, ...others] = searchWords(text);
  // The prefix as a range (every key beginning with `word` sorts between `word` and `word` followed
  // by the highest code point): the same items as begins_with, and a range DynamoDB Local serves
  // from its index, where its begins_with reads the whole partition.
  const query = {
    KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :word AND :past',
    ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
    ExpressionAttributeValues: { ':pk': partition, ':word': word, ':past': `${word}${String.fromCodePoint(0x10ffff)}` },
  };
  const found = await queryPage(query, partition, request, undefined, 0);
  const matches = (hit: TokenHit) =>
    hit.tokens.find((token) => token.startsWith(word)) === hit.token &&
    others.every((other) => hit.tokens.some((token) => token.startsWith(other)));
  return { found, matches };
}
