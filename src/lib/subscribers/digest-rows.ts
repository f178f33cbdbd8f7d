/**
 * The rows of the search digest (docs/storage.md, "Search"): how a row is made from an index entry
 * and read back. The chunks that hold them are digest-chunks.ts, the search over them digest-scan.ts.
 * Pure: no storage, no clock.
 */
import {
  FACETS,
  interestsFromCode,
  LIST_BY_CODE,
  POSITION_LENGTH,
  positionOf,
  STATUS_BY_CODE,
  TIME_PREFIX,
  type IndexEntry,
} from './index-keys';

/**
 * One row of the search digest (docs/storage.md, "Search"): where the subscriber is in the index
 * (`<time>.<id>` of its key), its facets as the key has them, and the searchable text. Kept
 * decoded, so a search matches 100,000 rows without decoding 100,000 keys.
 */
export type DigestRow = [tail: string, facets: string, name: string, email: string, source: string];

/** A digest row read back: what search matches on, and where the key is (`<time>.<id>` in `bucket`). */
export type DigestEntry = Pick<
  IndexEntry,
  'bucket' | 'status' | 'interests' | 'list' | 'name' | 'email' | 'source' | 'cut'
> & {
  tail: string;
};

const FACETS_PATTERN = new RegExp(`^${FACETS}$`);
type Facets = Pick<IndexEntry, 'status' | 'interests' | 'list' | 'cut'>;
/** Facets read back, by their text: a few dozen distinct values, so a search reads each once. */
const facetsSeen = new Map<string, Facets | null>();

function facetsOf(code: string): Facets | null {
  let facets = facetsSeen.get(code);
  if (facets === undefined) {
    const m = FACETS_PATTERN.exec(code);
    facets = m
      ? {
          status: STATUS_BY_CODE[m[1]],
          interests: interestsFromCode(m[2]),
          list: LIST_BY_CODE[m[3]],
          cut: m[4] === 't',
        }
      : null;
    if (facetsSeen.size < 1024) facetsSeen.set(code, facets);
  }
  return facets;
}

/** The digest row of an index entry. */
export function digestRowOf(e: IndexEntry): DigestRow {
  const facets = e.key.slice(POSITION_LENGTH + 1, e.key.indexOf('.', POSITION_LENGTH + 1));
  return [e.key.slice(TIME_PREFIX.length + 9, POSITION_LENGTH), facets, e.name, e.email, e.source];
}

/** A digest row of hour `bucket` read back; null when it is damaged. */
export function digestEntryOf(bucket: string, row: DigestRow): DigestEntry | null {
  const facets = typeof row[1] === 'string' ? facetsOf(row[1]) : null;
  if (!facets || typeof row[0] !== 'string' || row[0].length !== 53) return null;
  return {
    bucket,
    tail: row[0],
    status: facets.status,
    interests: facets.interests,
    list: facets.list,
    cut: facets.cut,
    name: row[2],
    email: row[3],
    source: row[4],
  };
}

/** The key position of a digest entry. */
export function digestPosition(e: Pick<DigestEntry, 'bucket' | 'tail'>): string {
  return `${TIME_PREFIX}${e.bucket}/${e.tail}`;
}

/** The digest entry of an index entry (a live hour's key). */
export function digestOf(e: IndexEntry): DigestEntry {
  return {
    bucket: e.bucket,
    tail: positionOf(e.key).slice(TIME_PREFIX.length + 9),
    status: e.status,
    interests: e.interests,
    list: e.list,
    name: e.name,
    email: e.email,
    source: e.source,
    cut: e.cut,
  };
}
