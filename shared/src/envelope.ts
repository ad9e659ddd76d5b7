/** Every response is `{ status, message, data }`; lists carry `data.data` and `data.meta`. */
export interface Envelope<T> {
  status: boolean;
  message: string;
  data: T;
}

export interface PageMeta {
  total: number;
  per_page: number;
  current_page: number;
  first_page: number;
  last_page: number;
  /**
   * The cursor of the next page (send it back as `cursor`), null on the last page; lists paged in
   * DynamoDB give it (docs/decisions.md 2026-11-26 "Paging in DynamoDB").
   */
  next_cursor?: string | null;
  /** True when `total` counts only the results seen so far and there are more (a search has no counter). */
  total_is_minimum?: boolean;
}

export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

export interface ErrorBody {
  status: false;
  message: string;
  code: string;
  /** Field-level messages for a 422, keyed by field name. */
  errors?: Record<string, string>;
  data: null;
}
