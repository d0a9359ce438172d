/** The parts of a request's URL the mock reads. A `URL` has this shape. */
export interface RequestTarget {
  readonly pathname: string;
  /** `?` and the query, or `''` when there is none (as `URL.search`). */
  readonly search: string;
  readonly searchParams: URLSearchParams;
}

// A path and query that a URL parser leaves exactly as written: no dot segments, no empty
// segments, no percent-escapes in the path and no character it would escape. Anything else is
// parsed by `URL`, which stays the definition of both parts.
const PLAIN_PATH = /^(?:\/[\w~!$&'()*+,;=:@-][\w.~!$&'()*+,;=:@-]*)*\/?$/;
const PLAIN_QUERY = /^[\w.~!$&()*+,;=:@/?%-]*$/;

class PlainTarget implements RequestTarget {
  #params: URLSearchParams | undefined;
  constructor(
    readonly pathname: string,
    readonly search: string,
  ) {}
  get searchParams(): URLSearchParams {
    this.#params ??= new URLSearchParams(this.search);
    return this.#params;
  }
}

/**
 * The path and query of an absolute URL, read without a `URL` parse when the URL is plain
 * (`http://host/contacts/27821234567?x=1`), which is most requests: a parse costs more than
 * some of the mock's answers. Other URLs are parsed by `URL`, so both give the same parts.
 */
export function requestTarget(url: string): RequestTarget {
  const authority = url.indexOf('://');
  const pathStart = authority < 0 ? -1 : url.indexOf('/', authority + 3);
  if (pathStart < 0 || url.includes('#')) return new URL(url);
  const queryStart = url.indexOf('?', pathStart);
  const pathname = queryStart < 0 ? url.slice(pathStart) : url.slice(pathStart, queryStart);
  const query = queryStart < 0 ? '' : url.slice(queryStart + 1);
  const host = url.slice(authority + 3, pathStart);
  if (!PLAIN_PATH.test(pathname) || !PLAIN_QUERY.test(query) || !/^[\w.:-]+$/.test(host)) return new URL(url);
  return new PlainTarget(pathname, query === '' ? '' : `?${query}`);
}
