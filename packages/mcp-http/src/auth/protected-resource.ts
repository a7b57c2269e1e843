/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728): names the
 * authorization server and the scopes, with `resource` exactly the public
 * MCP URL. Built once at start, so serving it cannot fail.
 */
import { DOCUMENT_METHODS, documentPreflightResponse, PUBLIC_CORS_HEADERS } from '../http/cors.js';
import { jsonResponse, methodNotAllowed } from '../http/responses.js';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** The metadata document (the members this server fills). */
export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorization_servers: readonly string[];
  readonly scopes_supported: readonly string[];
  readonly bearer_methods_supported: readonly string[];
  readonly resource_name: string;
  readonly resource_documentation?: string;
}

/** The metadata and where it is served. */
export interface ProtectedResource {
  readonly metadata: ProtectedResourceMetadata;
  /** The URL clients are pointed to (the path-suffixed form). */
  readonly metadataUrl: string;
  /** Paths this server answers with the document. */
  readonly paths: ReadonlySet<string>;
}

/** Builds the metadata for the MCP endpoint at `publicUrl`, also served under `localPath`. */
export function protectedResource(options: {
  publicUrl: URL;
  localPath: string;
  issuer: string;
  scopes: readonly string[];
  resourceName: string;
  documentationUrl?: string;
}): ProtectedResource {
  const { publicUrl, localPath } = options;
  const publicPath = publicUrl.pathname === '/' ? '' : publicUrl.pathname.replace(/\/$/, '');
  return {
    metadata: {
      resource: publicUrl.href,
      authorization_servers: [options.issuer],
      scopes_supported: options.scopes,
      bearer_methods_supported: ['header'],
      resource_name: options.resourceName,
      ...(options.documentationUrl ? { resource_documentation: options.documentationUrl } : {}),
    },
    metadataUrl: `${publicUrl.origin}${WELL_KNOWN}${publicPath}`,
    paths: new Set([WELL_KNOWN, `${WELL_KNOWN}${publicPath}`, `${WELL_KNOWN}${localPath}`]),
  };
}

/** Whether `path` is a protected-resource metadata path (served or not). */
export function isProtectedResourcePath(path: string): boolean {
  return path === WELL_KNOWN || path.startsWith(`${WELL_KNOWN}/`);
}

/** Answers a request for the document. */
export function protectedResourceResponse(request: Request, resource: ProtectedResource): Response {
  if (request.method === 'OPTIONS') return documentPreflightResponse(request);
  if (!DOCUMENT_METHODS.includes(request.method)) {
    return methodNotAllowed([...DOCUMENT_METHODS, 'OPTIONS']);
  }
  return jsonResponse(200, resource.metadata, {
    ...PUBLIC_CORS_HEADERS,
    'cache-control': 'public, max-age=3600',
  });
}
