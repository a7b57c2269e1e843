/**
 * An answer known whole at once (status, headers, text): the fast path's
 * JSON answers. `fetch` turns it into a `Response`; the Node server writes
 * it to the socket itself, without building one (`node/post-lane.ts`).
 */

/** A whole answer: its status, its headers (lowercase names) and its text. */
export class PreparedAnswer {
  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly text: string,
  ) {}

  /** The same answer as a web `Response`. */
  toResponse(): Response {
    return new Response(this.text, { status: this.status, headers: this.headers });
  }
}

/** What the handler answers internally: a `Response`, or a {@link PreparedAnswer}. */
export type Answer = Response | PreparedAnswer;

/** `answer` as a `Response`. */
export function responseOf(answer: Answer): Response {
  return answer instanceof PreparedAnswer ? answer.toResponse() : answer;
}
