/**
 * The MCP server over stateless streamable HTTP with API-key and OAuth 2.1 authentication.
 *
 * @module @shiptrack/mcp-http
 */
export * from '@shiptrack/mcp-http';
