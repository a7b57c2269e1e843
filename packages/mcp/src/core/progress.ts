import type { ServerContext } from '@modelcontextprotocol/server';

/** Reports how far a long call has come; does nothing when the client sent no progress token. */
export type ProgressReporter = (step: {
  progress: number;
  total?: number;
  message: string;
}) => void;

/** Tells whether the client sent a progress token with the request (it shows progress). */
export function hasProgressToken(request: ServerContext): boolean {
  return request.mcpReq._meta?.progressToken !== undefined;
}

/**
 * The progress reporter of one request: `notifications/progress` with the
 * client's `progressToken`, when it sent one (the protocol allows progress
 * only then). Progress only ever increases; a failed notification (the
 * client went away) never fails the call.
 */
export function progressOf(request: ServerContext): ProgressReporter {
  const token = request.mcpReq._meta?.progressToken;
  if (token === undefined) return () => {};
  let last = -1;
  return ({ progress, total, message }) => {
    if (progress <= last) return;
    last = progress;
    request.mcpReq
      .notify({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress,
          ...(total === undefined ? {} : { total }),
          message,
        },
      })
      .catch(() => {});
  };
}
